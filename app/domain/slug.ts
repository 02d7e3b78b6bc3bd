/** The letters NFD does not take apart, written as French and German fold them (issue 70: « Chœur » gave « ch-ur »). */
const FOLDED: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss', ẞ: 'ss' };

/**
 * 'Fête de l’Escalade 2026' → 'fete-de-l-escalade-2026', 'Chœur mixte' → 'choeur-mixte'. A slug already given keeps
 * working: pages find a venue or an organizer by the slug it has (or had), never by its name slugified again.
 */
export function slugify(text: string): string {
  return text
    .replace(/[œŒæÆßẞ]/g, (letter) => FOLDED[letter])
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
