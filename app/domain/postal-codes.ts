// The NPA of a place against its canton (the event form's check, browser and server). Its own module: the pages that
// name cantons do not load the table.
import type { CantonCode } from './cantons';
import cantonCodes from './postal-code-cantons.json' with { type: 'json' };

/**
 * The first two digits of the postal codes (NPA) of each canton, wide enough never to refuse a real address
 * (Estavayer-le-Lac is 1470 in Fribourg, Murten 3280, Lignières 2523 in Neuchâtel, Moutier 2740 in the Jura since
 * 2026; from the gazetteer, issue 70: Coffrane 2207, Mur (Vully) 1787 in Vaud, Schelten 2827 in the Bernese Jura,
 * Jungfraujoch 3801 in Valais): a check against gross slips (2000 Neuchâtel under Geneva, 8001 Zürich under Vaud,
 * 9999), not a directory.
 */
const NPA_PREFIXES: Record<CantonCode, readonly string[]> = {
  GE: ['12'],
  VD: ['10', '11', '12', '13', '14', '15', '16', '17', '18'],
  VS: ['18', '19', '38', '39'],
  NE: ['20', '21', '22', '23', '24', '25', '26'],
  FR: ['14', '15', '16', '17', '31', '32', '35'],
  JU: ['23', '27', '28', '29'],
  BE: ['23', '25', '26', '27', '28', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '45', '49'],
};

/** « 1470-73 1475 » → 1470, 1471, 1472, 1473, 1475. */
const expand = (runs: string) =>
  runs.split(' ').flatMap((run) => {
    const [first, last] = run.split('-');
    if (!last) return [first];
    const codes: string[] = [];
    for (let code = Number(first); code <= Number(first.slice(0, 2) + last); code++) codes.push(String(code));
    return codes;
  });

/** Known NPA whose two first digits fit several cantons → the cantons they are really in (built on first use). */
let cantonsOf: Map<string, Set<string>> | undefined;

/**
 * Whether a four-digit NPA can be in this canton: its first two digits (NPA_PREFIXES), and, where those fit several
 * cantons, the cantons the gazetteer files it in (postal-code-cantons.json, written by scripts/build-gazetteer.mjs):
 * 1482 is Cugy FR, never Vaud (issue 70). An NPA the gazetteer does not know is judged by its digits alone.
 */
export function postalCodeFitsCanton(postalCode: string, canton: CantonCode): boolean {
  if (!NPA_PREFIXES[canton].includes(postalCode.slice(0, 2))) return false;
  if (!cantonsOf) {
    cantonsOf = new Map();
    for (const [code, runs] of Object.entries(cantonCodes as Record<string, string>))
      for (const known of expand(runs)) {
        const cantons = cantonsOf.get(known) ?? new Set();
        cantons.add(code);
        cantonsOf.set(known, cantons);
      }
  }
  const cantons = cantonsOf.get(postalCode);
  return !cantons || cantons.has(canton);
}
