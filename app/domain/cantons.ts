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

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
/** How people also name a canton in a URL they type: its adjective (« vaudois », « valaisanne »). */
const ADJECTIVES: [string, CantonCode][] = [
  ['genevois', 'GE'],
  ['genevoise', 'GE'],
  ['vaudois', 'VD'],
  ['vaudoise', 'VD'],
  ['valaisan', 'VS'],
  ['valaisanne', 'VS'],
  ['neuchatelois', 'NE'],
  ['neuchateloise', 'NE'],
  ['fribourgeois', 'FR'],
  ['fribourgeoise', 'FR'],
  ['jurassien', 'JU'],
  ['jurassienne', 'JU'],
];
const BY_NAME = new Map<string, CantonCode>([
  ...CANTON_CODES.map((code): [string, CantonCode] => [folded(CANTON_NAMES[code]), code]),
  ...ADJECTIVES,
]);

/**
 * The canton a URL names, by its code or its name, whatever the case and accents: `VD`, `vd`, `vaud`, `Genève`,
 * `geneve`, `jura-bernois`; null otherwise. `?vacances=vaud` was silently ignored (issue 70).
 */
export function readCanton(value: string | null | undefined): CantonCode | null {
  if (!value) return null;
  const code = value.trim().toUpperCase();
  if (isCantonCode(code)) return code;
  return BY_NAME.get(folded(value)) ?? null;
}
