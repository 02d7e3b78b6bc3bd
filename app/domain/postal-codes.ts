// The NPA of a place against its canton (the event form's check, browser and server). Its own module: the pages that
// name cantons do not load the table.
import type { CantonCode } from './cantons';

/**
 * The first two digits of the postal codes (NPA) of each canton, wide enough never to refuse a real address
 * (Estavayer-le-Lac is 1470 in Fribourg, Murten 3280, Lignières 2523 in Neuchâtel, Moutier 2740 in the Jura since
 * 2026): a check against gross slips (2000 Neuchâtel under Geneva, 8001 Zürich under Vaud, 9999), not a directory.
 */
const NPA_PREFIXES: Record<CantonCode, readonly string[]> = {
  GE: ['12'],
  VD: ['10', '11', '12', '13', '14', '15', '16', '18'],
  VS: ['18', '19', '39'],
  NE: ['20', '21', '23', '24', '25'],
  FR: ['14', '15', '16', '17', '31', '32', '35'],
  JU: ['23', '27', '28', '29'],
  BE: ['23', '25', '26', '27', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '45', '49'],
};

/** Whether a four-digit NPA can be in this canton (see NPA_PREFIXES). */
export function postalCodeFitsCanton(postalCode: string, canton: CantonCode): boolean {
  return NPA_PREFIXES[canton].includes(postalCode.slice(0, 2));
}
