// The CSV of next year's school holidays (docs/vacances-scolaires.md): header `canton,libelle,debut,fin,source`, one
// period a line, read by csv-parse (quotes, commas in a label, a BOM, CRLF) and checked as the admin form checks a
// period. Every message names its line (the header is line 1); a file with one error adds nothing.
import { checkHoliday, type SchoolHolidayFields } from '~/domain/school-holidays';
import { onFirstUse } from '../platform/on-first-use';

// Loaded by the first file read (an administrator's), not with the app.
const csv = onFirstUse<typeof import('csv-parse/sync')>('csv-parse/sync');

export const HOLIDAY_CSV_HEADER = ['canton', 'libelle', 'debut', 'fin', 'source'] as const;
/** Bytes of an import: a canton's year is ~12 lines of ~120 bytes; seven cantons, two years, well under this (and under the 64 Ko of a form). */
export const HOLIDAY_CSV_MAX_BYTES = 32 * 1024;
/** Periods of one import: one Firestore batch holds them all (all or nothing). */
export const HOLIDAY_IMPORT_MAX_LINES = 400;

export interface HolidayCsvResult {
  periods: SchoolHolidayFields[];
  /** « Ligne 3 : Premier jour invalide (AAAA-MM-JJ) », in line order; empty when every line is good. */
  errors: string[];
}

const FIELD_NAMES: Record<keyof SchoolHolidayFields, string> = {
  canton: 'canton',
  label: 'libelle',
  firstDay: 'debut',
  lastDay: 'fin',
  sourceUrl: 'source',
  confirmed: 'source',
};

export function parseHolidayCsv(text: string): HolidayCsvResult {
  if (Buffer.byteLength(text, 'utf8') > HOLIDAY_CSV_MAX_BYTES)
    return { periods: [], errors: [`Fichier trop volumineux (${HOLIDAY_CSV_MAX_BYTES / 1024} Ko au plus)`] };
  let rows: string[][];
  try {
    rows = csv().parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { periods: [], errors: [`${line ? `Ligne ${line} : ` : ''}CSV illisible (guillemet non fermé ?)`] };
  }
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  if (header.join(',') !== HOLIDAY_CSV_HEADER.join(','))
    return { periods: [], errors: [`Ligne 1 : l’en-tête doit être « ${HOLIDAY_CSV_HEADER.join(',')} »`] };
  if (rows.length < 2) return { periods: [], errors: ['Le fichier ne contient aucune période'] };
  if (rows.length - 1 > HOLIDAY_IMPORT_MAX_LINES)
    return { periods: [], errors: [`Trop de périodes (${HOLIDAY_IMPORT_MAX_LINES} au plus par import)`] };
  const periods: SchoolHolidayFields[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    if (row.length !== HOLIDAY_CSV_HEADER.length) {
      errors.push(`Ligne ${line} : ${HOLIDAY_CSV_HEADER.length} colonnes attendues, ${row.length} trouvées`);
      return;
    }
    const [canton, label, firstDay, lastDay, sourceUrl] = row;
    // A period read from a source is confirmed; one without a source stays « à confirmer ».
    const checked = checkHoliday({ canton, label, firstDay, lastDay, sourceUrl, confirmed: sourceUrl !== '' });
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors))
        errors.push(`Ligne ${line} (${FIELD_NAMES[field as keyof SchoolHolidayFields]}) : ${message}`);
      return;
    }
    const key = `${checked.value.canton}:${checked.value.firstDay}`;
    const twin = seen.get(key);
    if (twin) errors.push(`Ligne ${line} : même canton et même premier jour que la ligne ${twin}`);
    else seen.set(key, line);
    periods.push(checked.value);
  });
  return errors.length > 0 ? { periods: [], errors } : { periods, errors };
}
