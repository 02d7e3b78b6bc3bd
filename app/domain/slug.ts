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

/** The letters slugify folds; a slug made before they were folded (issue 70) dropped them. */
const FOLDABLE = /[œŒæÆßẞ]/;

/**
 * The corrected slug of a record whose slug was made before « œ », « æ » and « ß » were folded: `slug` is one of the
 * `sources` (its name, or its name and locality) slugified the old way, those letters dropped, with or without the
 * « -2 » a taken slug got. Null when it is not (a slug an admin chose, or already right): it stays as it is.
 */
export function refoldedSlug(slug: string, sources: readonly string[]): string | null {
  for (const source of sources) {
    if (!FOLDABLE.test(source)) continue;
    const old = slugify(source.replace(new RegExp(FOLDABLE.source, 'g'), '-'));
    const suffix = slug === old ? '' : slug.startsWith(`${old}-`) ? slug.slice(old.length) : null;
    if (suffix === null || !/^(-\d+)?$/.test(suffix)) continue;
    const folded = `${slugify(source).slice(0, 80 - suffix.length)}${suffix}`;
    if (folded !== slug) return folded;
  }
  return null;
}
