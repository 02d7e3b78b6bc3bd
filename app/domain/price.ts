// Swiss usage for francs: 25, 12.50 (point, two decimals when there are centimes).
const amount = { format: (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2)) };

/** 'Gratuit', 'CHF 25' or 'CHF 15 – 35'. */
export function formatPrice(e: { isFree: boolean; priceMin: number | null; priceMax: number | null }): string {
  if (e.isFree) return 'Gratuit';
  const { priceMin: min, priceMax: max } = e;
  if (min == null && max == null) return 'Prix non communiqué';
  if (min != null && max != null && max !== min) return `CHF ${amount.format(min)} – ${amount.format(max)}`;
  return `CHF ${amount.format((min ?? max) as number)}`;
}
