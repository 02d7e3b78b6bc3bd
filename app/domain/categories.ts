// The 12 event categories of SPEC §2 (footer), with their French labels and colours.
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

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface Category {
  slug: CategorySlug;
  label: string;
  description: string;
  color: string;
  order: number;
  active: boolean;
}

/** Default categories, used to seed the store and as labels before the store answers. */
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

export function isCategorySlug(value: unknown): value is CategorySlug {
  return typeof value === 'string' && (CATEGORY_SLUGS as readonly string[]).includes(value);
}

export function categoryLabel(slug: string): string {
  return DEFAULT_CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}
