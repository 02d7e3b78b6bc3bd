import { imageSrcSet, imageUrl } from './images';

export const PARTNER_KINDS = ['partenaire', 'donateur'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

export const PARTNER_KIND_LABELS = { partenaire: 'Partenaire', donateur: 'Donateur' } as const;

export interface Partner {
  id: string;
  slug: string;
  name: string;
  kind: PartnerKind;
  description: string;
  logo: string | null;
  websiteUrl: string;
  order: number;
  active: boolean;
}

// Logos: seeded ones are static SVGs (`/images/partners/*.svg`); uploaded ones go through the image pipeline and are
// stored under `partners/<id>` in three WebP widths, the record keeping the URL of the 800 px variant.
const UPLOADED_LOGO = /^\/uploads\/(partners\/[a-z0-9]+)-(?:400|800|1600)\.webp$/;

/** The logo URL kept on the record for an image stored at `path` (e.g. `partners/<id>`). */
export function uploadedLogoUrl(path: string): string {
  return imageUrl(path, 800);
}

/** The stored image's base path of an uploaded logo, or null (no logo, or a static one that is never deleted). */
export function uploadedLogoPath(logo: string | null): string | null {
  return logo?.match(UPLOADED_LOGO)?.[1] ?? null;
}

/** The `srcset` of an uploaded logo (undefined for a static one, which has a single file). */
export function partnerLogoSrcSet(logo: string | null): string | undefined {
  const path = uploadedLogoPath(logo);
  return path ? imageSrcSet(path) : undefined;
}
