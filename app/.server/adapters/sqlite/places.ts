// Venues and organizers of the SQLite store (issue 36): one row per record, kept whole as JSON beside the columns its
// queries need; former slugs are read in the JSON. A merge moves the events in the same transaction.
import type { Organizer, Venue } from '~/domain/place';
import { byName, edited, mergedWithTrace, slugsOf, unmerged } from '~/domain/place-records';
import type { OrganizerStore, PlaceRecordStore, VenueStore } from '../../ports';
import { organizerWrites } from '../organizer-writes';
import type { Db } from './db';
import { writeTransaction } from './db';

type PlaceRecord = Venue | Organizer;

/** Thrown inside a transaction to write nothing; answered as null. */
class Rollback extends Error {}

interface Table<T extends PlaceRecord> {
  name: 'venues' | 'organizers';
  eventColumn: 'venue_id' | 'organizer_id';
  /** The indexed columns beside id, slug, status, name and data. */
  extra: (r: T) => Record<string, unknown>;
}

function createRecords<T extends PlaceRecord, F>(db: Db, table: Table<T>): PlaceRecordStore<T, F> {
  const t = table.name;
  const parse = (row: unknown) => JSON.parse((row as { data: string }).data) as T;
  const columns = (r: T) => ({ id: r.id, slug: r.slug, status: r.status, name: r.name, ...table.extra(r) });
  const names = Object.keys(columns({} as T));
  const insert = db.prepare(
    `INSERT INTO ${t} (${names.join(', ')}, data) VALUES (${names.map((c) => `@${c}`).join(', ')}, @data)`,
  );
  const write = db.prepare(
    `UPDATE ${t} SET ${names.map((c) => `${c} = @${c}`).join(', ')}, data = @data WHERE id = @id`,
  );
  const put = (statement: typeof insert, r: T) => statement.run({ ...columns(r), data: JSON.stringify(r) });
  const get = (id: string): T | null => {
    const row = db.prepare(`SELECT data FROM ${t} WHERE id = ?`).get(id);
    return row ? parse(row) : null;
  };
  /** The record answering to this slug (current or former), if any. */
  const owner = (slug: string): T | null => {
    const row =
      db.prepare(`SELECT data FROM ${t} WHERE slug = ?`).get(slug) ??
      db
        .prepare(`SELECT data FROM ${t} WHERE EXISTS (SELECT 1 FROM json_each(data, '$.redirectFrom') WHERE value = ?)`)
        .get(slug);
    return row ? parse(row) : null;
  };
  const free = (r: T, except?: string) => slugsOf(r).every((s) => (owner(s)?.id ?? except) === except);

  return {
    async list(options) {
      const rows = options?.status
        ? db.prepare(`SELECT data FROM ${t} WHERE status = ?`).all(options.status)
        : db.prepare(`SELECT data FROM ${t}`).all();
      return rows.map(parse).sort(byName);
    },
    async findById(id) {
      return get(id);
    },
    async findBySlug(slug) {
      const record = owner(slug);
      return record ? { record, moved: record.slug !== slug } : null;
    },
    async insertMany(records) {
      writeTransaction(db, () => {
        for (const r of records) {
          if (!free(r)) throw new Error(`${t} : l’adresse « ${r.slug} » est déjà prise`);
          put(insert, r);
        }
      })();
    },
    async create(record) {
      return writeTransaction(db, () => {
        if (!free(record)) return false;
        put(insert, record);
        return true;
      })();
    },
    async update(id, fields, now) {
      return writeTransaction(db, () => {
        const current = get(id);
        if (!current) return null;
        const next = edited(current, fields as Partial<T>, now);
        if (!free(next, id)) return null;
        put(write, next);
        return next;
      })();
    },
    async setStatus(id, status, now) {
      return writeTransaction(db, () => {
        const current = get(id);
        if (!current) return null;
        const next = { ...current, status, updatedAt: now };
        put(write, next);
        return next;
      })();
    },
    async merge({ fromId, intoId, now, by = '' }) {
      return writeTransaction(db, () => {
        const from = get(fromId);
        const into = get(intoId);
        if (!from || !into || fromId === intoId) return null;
        const key = `$.${table.name === 'venues' ? 'venueId' : 'organizerId'}`;
        const ids = (sql: string) => (db.prepare(sql).all(fromId) as { id: string }[]).map((r) => r.id);
        const eventIds = ids(`SELECT id FROM events WHERE ${table.eventColumn} = ?`);
        const revisionIds = ids(
          `SELECT id FROM events WHERE revision IS NOT NULL AND json_extract(revision, '${key}') = ?`,
        );
        const events = db
          .prepare(`UPDATE events SET ${table.eventColumn} = ? WHERE ${table.eventColumn} = ?`)
          .run(intoId, fromId).changes;
        // A pending revision's choice of record (decision 095) follows too.
        db.prepare(
          `UPDATE events SET revision = json_set(revision, '${key}', ?)
             WHERE revision IS NOT NULL AND json_extract(revision, '${key}') = ?`,
        ).run(intoId, fromId);
        const kept = mergedWithTrace(into, from, now, { by, eventIds, revisionIds });
        db.prepare(`DELETE FROM ${t} WHERE id = ?`).run(fromId);
        put(write, kept);
        return { kept, events };
      })();
    },
    async unmerge({ intoId, now }) {
      const undo = writeTransaction(db, () => {
        const current = get(intoId);
        const undo = current ? unmerged(current, now) : null;
        if (!undo || get(undo.restored.id)) return null;
        // The slugs coming back must be free once the kept record gives them up.
        put(write, undo.kept);
        if (!free(undo.restored)) throw new Rollback();
        put(insert, undo.restored);
        const key = `$.${table.name === 'venues' ? 'venueId' : 'organizerId'}`;
        const back = db.prepare(`UPDATE events SET ${table.eventColumn} = ? WHERE id = ? AND ${table.eventColumn} = ?`);
        const backRevision = db.prepare(
          `UPDATE events SET revision = json_set(revision, '${key}', ?)
             WHERE id = ? AND revision IS NOT NULL AND json_extract(revision, '${key}') = ?`,
        );
        let events = 0;
        for (const id of undo.trace.eventIds) events += back.run(undo.restored.id, id, intoId).changes;
        for (const id of undo.trace.revisionIds) backRevision.run(undo.restored.id, id, intoId);
        return { kept: undo.kept, restored: undo.restored, events };
      });
      try {
        return undo();
      } catch (error) {
        if (error instanceof Rollback) return null;
        throw error;
      }
    },
    async delete(id) {
      return writeTransaction(db, () => {
        const used = db.prepare(`SELECT 1 FROM events WHERE ${table.eventColumn} = ? LIMIT 1`).get(id);
        return !used && db.prepare(`DELETE FROM ${t} WHERE id = ?`).run(id).changes > 0;
      })();
    },
  };
}

export function createVenueStore(db: Db): VenueStore {
  const records = createRecords(db, {
    name: 'venues',
    eventColumn: 'venue_id',
    extra: (v: Venue) => ({ canton: v.canton, locality: v.locality }),
  });
  return {
    ...records,
    async listWithoutPoint(limit) {
      const rows = db
        .prepare(
          `SELECT data FROM venues WHERE json_extract(data, '$.lat') IS NULL OR json_extract(data, '$.lng') IS NULL
           LIMIT ?`,
        )
        .all(limit ?? -1) as { data: string }[];
      return rows.map((r) => JSON.parse(r.data) as Venue).sort(byName);
    },
  };
}

export function createOrganizerStore(db: Db): OrganizerStore {
  const records = createRecords<Organizer, Parameters<OrganizerStore['update']>[1]>(db, {
    name: 'organizers',
    eventColumn: 'organizer_id',
    extra: () => ({}),
  });
  /** Reads, changes and writes one organizer's data in one transaction (null: nothing written). */
  const rewrite = (id: string, change: (current: Organizer) => Organizer | null) =>
    writeTransaction(db, () => {
      const row = db.prepare('SELECT data FROM organizers WHERE id = ?').get(id) as { data: string } | undefined;
      const next = row ? change(JSON.parse(row.data) as Organizer) : null;
      if (next) db.prepare('UPDATE organizers SET data = ? WHERE id = ?').run(JSON.stringify(next), id);
      return next;
    })();
  return {
    ...records,
    ...organizerWrites(async (id, change) => rewrite(id, change)),
    async listByAccount(uid) {
      const rows = db
        .prepare(
          `SELECT data FROM organizers WHERE EXISTS (SELECT 1 FROM json_each(data, '$.accountUids') WHERE value = ?)`,
        )
        .all(uid);
      return rows.map((r) => JSON.parse((r as { data: string }).data) as Organizer).sort(byName);
    },
  };
}
