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

/** « (Vaud) » after a town, to place it; nothing after Genève, Neuchâtel or Fribourg, the canton's own name. */
export const cantonAfter = (town: string, canton: CantonCode) =>
  town === CANTON_NAMES[canton] ? '' : ` (${CANTON_NAMES[canton]})`;

export function isCantonCode(value: unknown): value is CantonCode {
  return typeof value === 'string' && (CANTON_CODES as readonly string[]).includes(value);
}
