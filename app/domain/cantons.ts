// The cantons covered by the agenda; BE stands for the French-speaking Bernese Jura.
export const CANTON_CODES = ['GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE'] as const;
export type CantonCode = (typeof CANTON_CODES)[number];

export const CANTON_NAMES: Record<CantonCode, string> = {
  GE: 'Genève',
  VD: 'Vaud',
  VS: 'Valais',
  NE: 'Neuchâtel',
  FR: 'Fribourg',
  JU: 'Jura',
  BE: 'Jura bernois',
};

export function isCantonCode(value: unknown): value is CantonCode {
  return typeof value === 'string' && (CANTON_CODES as readonly string[]).includes(value);
}
