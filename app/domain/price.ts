// Swiss usage for francs: 25, 12.50 (point, two decimals when there are centimes).
/** An amount as the form and the pages write it: 25, 12.50 (never 12.5). */
export const formatAmount = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** 'Gratuit', 'CHF 25' or 'CHF 15 – 35'; a range with centimes gives both ends to the centime (CHF 15.00 – 25.50). */
export function formatPrice(e: { isFree: boolean; priceMin: number | null; priceMax: number | null }): string {
  if (e.isFree) return 'Gratuit';
  const { priceMin: min, priceMax: max } = e;
  if (min == null && max == null) return 'Prix non communiqué';
  if (min != null && max != null && max !== min) {
    const centimes = !Number.isInteger(min) || !Number.isInteger(max);
    const end = (n: number) => (centimes ? n.toFixed(2) : String(n));
    return `CHF ${end(min)} – ${end(max)}`;
  }
  return `CHF ${formatAmount((min ?? max) as number)}`;
}
