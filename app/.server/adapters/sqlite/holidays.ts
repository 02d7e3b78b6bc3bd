// School-holiday periods of the SQLite store (migration 24).
import type { CantonCode } from '~/domain/cantons';
import type { SchoolHoliday, SchoolHolidayFields } from '~/domain/school-holidays';
import { newId } from '../../platform/ids';
import type { HolidayStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { bool, type Row, str } from './rows';

const toHoliday = (row: Row): SchoolHoliday => ({
  id: str(row.id),
  canton: str(row.canton) as CantonCode,
  label: str(row.label),
  firstDay: str(row.first_day),
  lastDay: str(row.last_day),
  sourceUrl: str(row.source_url),
  confirmed: bool(row.confirmed),
});

const params = (id: string, f: SchoolHolidayFields) => ({
  id,
  canton: f.canton,
  label: f.label,
  first_day: f.firstDay,
  last_day: f.lastDay,
  source_url: f.sourceUrl,
  confirmed: f.confirmed ? 1 : 0,
});

export function createHolidayStore(db: Db): HolidayStore {
  const insert = () =>
    db.prepare(
      `INSERT INTO school_holidays (id, canton, label, first_day, last_day, source_url, confirmed)
       VALUES (@id, @canton, @label, @first_day, @last_day, @source_url, @confirmed)`,
    );
  const find = (id: string) => {
    const row = db.prepare('SELECT * FROM school_holidays WHERE id = ?').get(id) as Row | undefined;
    return row ? toHoliday(row) : null;
  };
  return {
    async list() {
      return (db.prepare('SELECT * FROM school_holidays ORDER BY canton, first_day, id').all() as Row[]).map(toHoliday);
    },
    async create(fields) {
      const id = newId();
      insert().run(params(id, fields));
      return { id, ...fields };
    },
    async update(id, fields) {
      const result = db
        .prepare(
          `UPDATE school_holidays SET canton = @canton, label = @label, first_day = @first_day, last_day = @last_day,
             source_url = @source_url, confirmed = @confirmed WHERE id = @id`,
        )
        .run(params(id, fields));
      return result.changes === 1 ? find(id) : null;
    },
    async delete(id) {
      return db.prepare('DELETE FROM school_holidays WHERE id = ?').run(id).changes === 1;
    },
    async addMany(periods) {
      const statement = insert();
      writeTransaction(db, () => {
        for (const p of periods) statement.run(params(newId(), p));
      })();
      return periods.length;
    },
  };
}
