// Event categories. The store holds them (admins add, rename, reorder and deactivate them at /admin/categories);
// the 12 of docs/specification.md §2 (footer) below are the seeded defaults.
export const CATEGORY_SLUGS = [
  'musique',
  'spectacles',
  'expos-musees',
  'divertissement-audiovisuel',
  'marches-brocantes',
  'comptoirs-foires',
  'fetes-traditions',
  'gastronomie-terroir',
  'sports-loisirs',
  'ateliers-cours',
  'vie-locale',
  'nature-balades',
] as const;

/** A category's identifier in URLs (`?category=`) and on events: fixed once the category exists. */
export type CategorySlug = string;

export const CATEGORY_SLUG_MIN = 2;
export const CATEGORY_SLUG_MAX = 40;
/** Lowercase letters without accents, digits, and single hyphens between them: 'marches-brocantes'. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The colour of a category the store does not know (any more). */
export const NEUTRAL_CATEGORY_COLOR = '#5c6470';

export interface Category {
  slug: CategorySlug;
  label: string;
  description: string;
  color: string;
  order: number;
  active: boolean;
}

/** What pages need to show a category: the root loader sends these for all categories, in order. */
export type CategoryInfo = Pick<Category, 'slug' | 'label' | 'color' | 'active'>;

/** The categories of docs/specification.md §2, seeded into an empty store (and shown if the store's list is unavailable). */
export const DEFAULT_CATEGORIES: readonly Category[] = [
  {
    slug: 'musique',
    label: 'Musique',
    description: 'Concerts, festivals, récitals et scènes ouvertes.',
    color: '#b4233c',
  },
  {
    slug: 'spectacles',
    label: 'Spectacles',
    description: 'Théâtre, danse, humour, cirque et opéra.',
    color: '#7b2d8e',
  },
  {
    slug: 'expos-musees',
    label: 'Expos & musées',
    description: 'Expositions, vernissages et visites de musées.',
    color: '#1f5f8b',
  },
  {
    slug: 'divertissement-audiovisuel',
    label: 'Cinéma & audiovisuel',
    description: 'Projections, cinéma en plein air, festivals de films.',
    color: '#3d4a5c',
  },
  {
    slug: 'marches-brocantes',
    label: 'Marchés & brocantes',
    description: 'Marchés, vide-greniers, brocantes et puces.',
    color: '#9a5b13',
  },
  {
    slug: 'comptoirs-foires',
    label: 'Comptoirs & foires',
    description: 'Comptoirs régionaux, foires et salons.',
    color: '#8a6d00',
  },
  {
    slug: 'fetes-traditions',
    label: 'Fêtes & traditions',
    description: 'Fêtes de village, carnavals, désalpes et traditions.',
    color: '#c0392b',
  },
  {
    slug: 'gastronomie-terroir',
    label: 'Gastronomie & terroir',
    description: 'Caves ouvertes, dégustations et produits du terroir.',
    color: '#6b3e26',
  },
  {
    slug: 'sports-loisirs',
    label: 'Sports & loisirs',
    description: 'Courses, tournois, sorties et loisirs.',
    color: '#1e7a46',
  },
  {
    slug: 'ateliers-cours',
    label: 'Ateliers & cours',
    description: 'Ateliers créatifs, cours et conférences.',
    color: '#0f6e73',
  },
  {
    slug: 'vie-locale',
    label: 'Vie locale',
    description: 'Assemblées, rencontres et vie associative.',
    color: '#4a5a1e',
  },
  {
    slug: 'nature-balades',
    label: 'Nature & balades',
    description: 'Randonnées, balades guidées et sorties nature.',
    color: '#2e7d32',
  },
].map((c, i) => ({ ...c, order: i + 1, active: true }) as Category);

/** A well-formed slug (whether such a category exists is the store's business). */
export function isCategorySlug(value: unknown): value is CategorySlug {
  return (
    typeof value === 'string' &&
    value.length >= CATEGORY_SLUG_MIN &&
    value.length <= CATEGORY_SLUG_MAX &&
    CATEGORY_SLUG_PATTERN.test(value)
  );
}

/** Label and colour of a slug among the given categories; an unknown slug shows as itself, in a neutral colour. */
export function categoryDisplay(
  slug: string,
  categories: readonly CategoryInfo[],
): { label: string; color: string; active: boolean } {
  const found = categories.find((c) => c.slug === slug);
  return found
    ? { label: found.label, color: found.color, active: found.active }
    : { label: slug, color: NEUTRAL_CATEGORY_COLOR, active: false };
}

export function categoryLabel(slug: string, categories: readonly CategoryInfo[]): string {
  return categoryDisplay(slug, categories).label;
}
