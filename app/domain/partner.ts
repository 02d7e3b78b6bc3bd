export const PARTNER_KINDS = ['partenaire', 'donateur'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

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
