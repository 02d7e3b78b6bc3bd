// A filter of the list's address that is not understood (issue 70: `?vacances=xyz`, `?quand=semaine-prochaine`, a
// category that no longer exists) was silently left out: the list showed more than asked and nothing said why. The
// list now says which one, in French, above the results; the rest of the selection applies as before.
import { type EventFilters, WHEN_OPTIONS } from './event-filters';

/** What was typed, short enough for a sentence. */
const shown = (value: string) => {
  const text = value.trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};
const quoted = (value: string) => `«\u00a0${shown(value)}\u00a0»`;

/** The sentences saying which filters of `params` were left out of `filters` (parseEventFilters), in the form's order. */
export function ignoredFilters(params: URLSearchParams, filters: EventFilters): string[] {
  const given = (name: string) => (params.get(name) ?? '').trim();
  const messages: string[] = [];
  const category = given('category');
  if (category && !filters.category)
    messages.push(`Catégorie ${quoted(category)} inconnue\u00a0: toutes les catégories sont montrées.`);
  const canton = given('canton');
  if (canton && !filters.canton)
    messages.push(`Canton ${quoted(canton)} inconnu\u00a0: tous les cantons sont montrés.`);
  const when = given('quand');
  if (when && !WHEN_OPTIONS.some((option) => option.value === when))
    messages.push(`Période ${quoted(when)} inconnue\u00a0: toutes les dates à venir sont montrées.`);
  for (const [name, label] of [
    ['du', 'Date de début'],
    ['au', 'Date de fin'],
  ] as const) {
    const day = given(name);
    if (day && day !== filters.from && day !== filters.to)
      messages.push(`${label} ${quoted(day)} illisible (attendu\u00a0: AAAA-MM-JJ)\u00a0: elle n’est pas appliquée.`);
  }
  const holidays = given('vacances');
  if (holidays && !filters.holidays)
    messages.push(
      /^(1|on|true)$/.test(holidays)
        ? 'Vacances scolaires\u00a0: choisissez aussi un canton, sans lui elles ne sont pas appliquées.'
        : `Vacances scolaires\u00a0: ${quoted(holidays)} n’est pas un canton romand, elles ne sont pas appliquées.`,
    );
  return messages;
}
