// The venue typed in the event form without JavaScript (issue 70): a text field whose suggestions are the venues'
// « Nom — Localité », read back to one venue by the server as by the page that offers the candidates, from the same
// list (the approved venues, the account's proposals and the event's own). The search with JavaScript posts an id.

/** What a venue offers to be typed: its name and its town. */
export interface TypableVenue {
  id: string;
  name: string;
  locality: string;
  postalCode: string;
}

/** « Salle du Bourg — Lausanne »: a suggestion of the field, and what it shows of a venue chosen. */
export const venueTextLabel = (v: Pick<TypableVenue, 'name' | 'locality'>) =>
  v.locality ? `${v.name} — ${v.locality}` : v.name;

/** At most this many candidates offered for a text that fits several venues. */
export const VENUE_CANDIDATES_SHOWN = 12;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The venues `text` names: those whose « Nom — Localité », else whose name, is the text (case and accents aside);
 * else those whose name, town or NPA hold every word typed, each at the start of a word (« bourg laus »).
 */
export function venuesForText<T extends TypableVenue>(text: string, venues: readonly T[]): T[] {
  const typed = fold(text.slice(0, 200));
  if (!typed) return [];
  const exact = venues.filter((v) => fold(venueTextLabel(v)) === typed);
  if (exact.length > 0) return exact;
  const named = venues.filter((v) => fold(v.name) === typed);
  if (named.length > 0) return named;
  const words = typed.split(' ');
  return venues.filter((v) => {
    const said = ` ${fold(`${v.name} ${v.locality} ${v.postalCode}`)}`;
    return words.every((w) => said.includes(` ${w}`));
  });
}

/** Why a venue typed was not read back to one: none fits, or several (the page offers them to choose). */
export function venueTextMessage(text: string, found: number): string {
  const typed = `«\u00a0${text.trim().slice(0, 80)}\u00a0»`;
  if (found === 0)
    return `Aucun lieu connu ne correspond à ${typed}\u00a0: vérifiez le nom, ou videz ce champ pour proposer un nouveau lieu.`;
  if (found > VENUE_CANDIDATES_SHOWN)
    return `${found}\u00a0lieux correspondent à ${typed}\u00a0: précisez le nom ou la localité.`;
  return `${found}\u00a0lieux correspondent à ${typed}\u00a0: choisissez le vôtre ci-dessous, ou précisez le nom.`;
}
