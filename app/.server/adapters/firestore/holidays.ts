// School-holiday periods of the Firestore store: `schoolHolidays/{id}`. An import is one batch (at most
// HOLIDAY_IMPORT_MAX_LINES documents, under Firestore's 500 writes per commit): all or nothing.
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { CantonCode } from '~/domain/cantons';
import type { SchoolHoliday } from '~/domain/school-holidays';
import { newId } from '../../platform/ids';
import type { HolidayStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, isNotFound } from './db';

export const holidayConverter: FirestoreDataConverter<SchoolHoliday> = {
  toFirestore: (h) => ({
    id: h.id,
    canton: h.canton,
    label: h.label,
    firstDay: h.firstDay,
    lastDay: h.lastDay,
    sourceUrl: h.sourceUrl ?? '',
    confirmed: Boolean(h.confirmed),
  }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      id: snapshot.id,
      canton: String(d.canton) as CantonCode,
      label: String(d.label),
      firstDay: String(d.firstDay),
      lastDay: String(d.lastDay),
      sourceUrl: String(d.sourceUrl ?? ''),
      confirmed: Boolean(d.confirmed),
    };
  },
};

const byCantonAndDay = (a: SchoolHoliday, b: SchoolHoliday) =>
  a.canton.localeCompare(b.canton) || a.firstDay.localeCompare(b.firstDay) || a.id.localeCompare(b.id);

export function createHolidayStore(ctx: FirestoreContext): HolidayStore {
  const { db } = ctx;
  const holidays = () => db.collection(COLLECTIONS.schoolHolidays).withConverter(holidayConverter);
  return {
    async list() {
      return (await holidays().get()).docs.map((d) => d.data()).sort(byCantonAndDay);
    },
    async create(fields) {
      const holiday = { id: newId(), ...fields };
      await holidays().doc(holiday.id).create(holiday);
      ctx.touched();
      return holiday;
    },
    async update(id, fields) {
      const holiday = { id, ...fields };
      try {
        await holidays().doc(id).update(holidayConverter.toFirestore(holiday));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      ctx.touched();
      return holiday;
    },
    async delete(id) {
      const ref = holidays().doc(id);
      const deleted = await db.runTransaction(async (tx) => {
        if (!(await tx.get(ref)).exists) return false;
        tx.delete(ref);
        return true;
      });
      if (deleted) ctx.touched();
      return deleted;
    },
    async addMany(periods) {
      const batch = db.batch();
      for (const p of periods) {
        const holiday = { id: newId(), ...p };
        batch.create(holidays().doc(holiday.id), holiday);
      }
      await batch.commit();
      ctx.touched();
      return periods.length;
    },
  };
}
