// School holidays (issue 51): seeded from the data file on an empty table, read by the filter and the date marks
// (cached until the next write), edited by admins one period at a time or by a CSV import of next year's calendar.
import type { FieldErrors } from '~/domain/forms';
import { checkHoliday, type HolidayInput, type SchoolHoliday } from '~/domain/school-holidays';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import SEED from '../seed/school-holidays.json';
import { type HolidayCsvResult, parseHolidayCsv } from './holiday-csv';

export const HOLIDAY_MESSAGES = {
  forbidden: 'Action réservée aux administrateurs.',
  notFound: 'Cette période n’existe pas (ou plus).',
} as const;

/** The periods of the data file (docs/vacances-scolaires.md), stored when the table is empty (a new site). */
export async function seedSchoolHolidays({ store }: { store: Store }): Promise<number> {
  if ((await store.holidays.list()).length > 0) return 0;
  const periods = SEED.map((p) => {
    const checked = checkHoliday(p);
    if (!checked.ok)
      throw new Error(`school-holidays.json : ${p.canton} ${p.firstDay} ${JSON.stringify(checked.errors)}`);
    return checked.value;
  });
  return store.holidays.addMany(periods);
}

function assertAdmin(actor: UserProfile): void {
  if (actor.role !== 'admin') throw new UseCaseError(HOLIDAY_MESSAGES.forbidden, 'form', 403);
}

export async function holidaysForAdmin({ store }: { store: Store }, actor: UserProfile): Promise<SchoolHoliday[]> {
  assertAdmin(actor);
  return store.holidays.list();
}

export type HolidaySaveResult = { ok: true; holiday: SchoolHoliday } | { ok: false; errors: FieldErrors };

/** Adds a period (`id` empty) or changes one; field messages when what was typed is refused. */
export async function saveHoliday(
  { store }: { store: Store },
  actor: UserProfile,
  id: string,
  values: HolidayInput,
): Promise<HolidaySaveResult> {
  assertAdmin(actor);
  const checked = checkHoliday(values);
  if (!checked.ok) return { ok: false, errors: checked.errors as FieldErrors };
  if (!id) return { ok: true, holiday: await store.holidays.create(checked.value) };
  const holiday = await store.holidays.update(id, checked.value);
  if (!holiday) throw new UseCaseError(HOLIDAY_MESSAGES.notFound, 'form', 404);
  return { ok: true, holiday };
}

export async function deleteHoliday({ store }: { store: Store }, actor: UserProfile, id: string): Promise<void> {
  assertAdmin(actor);
  if (!(await store.holidays.delete(id))) throw new UseCaseError(HOLIDAY_MESSAGES.notFound, 'form', 404);
}

/**
 * A CSV of periods (`canton,libelle,debut,fin,source`), checked line by line: with `apply` and no error every line is
 * added in one write; otherwise nothing is, and the result says what would be added or what is wrong, by line.
 */
export async function importHolidays(
  { store }: { store: Store },
  actor: UserProfile,
  text: string,
  apply: boolean,
): Promise<HolidayCsvResult & { added: number }> {
  assertAdmin(actor);
  const result = parseHolidayCsv(text);
  if (!apply || result.errors.length > 0) return { ...result, added: 0 };
  return { ...result, added: await store.holidays.addMany(result.periods) };
}
