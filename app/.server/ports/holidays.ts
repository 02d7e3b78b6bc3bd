// The school-holiday periods by canton (issue 51): seeded from app/.server/seed/school-holidays.json, edited by admins.
import type { SchoolHoliday, SchoolHolidayFields } from '~/domain/school-holidays';

export interface HolidayStore {
  /** Every period, by canton then first day. */
  list(): Promise<SchoolHoliday[]>;
  create(fields: SchoolHolidayFields): Promise<SchoolHoliday>;
  /** Null when there is no such period. */
  update(id: string, fields: SchoolHolidayFields): Promise<SchoolHoliday | null>;
  delete(id: string): Promise<boolean>;
  /** Adds every period or none (one transaction, one batch): a CSV import (at most HOLIDAY_IMPORT_MAX_LINES). */
  addMany(periods: readonly SchoolHolidayFields[]): Promise<number>;
}
