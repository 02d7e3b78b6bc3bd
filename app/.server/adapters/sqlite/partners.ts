// Partners and donors of the SQLite store.
import type { Partner, PartnerKind } from '~/domain/partner';
import type { PartnerStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { bool, type Row, str } from './rows';

function toPartner(row: Row): Partner {
  return {
    id: str(row.id),
    slug: str(row.slug),
    name: str(row.name),
    kind: row.kind as PartnerKind,
    description: str(row.description),
    logo: row.logo == null ? null : str(row.logo),
    websiteUrl: str(row.website_url),
    order: Number(row.sort_order),
    active: bool(row.active),
  };
}

export function createPartnerStore(db: Db): PartnerStore {
  /** After the last partner of that kind. */
  const nextOrder = (kind: PartnerKind): number =>
    Number(
      (db.prepare('SELECT COALESCE(MAX(sort_order), 0) + 1 AS n FROM partners WHERE kind = ?').get(kind) as Row).n,
    );

  return {
    async list(options) {
      const sql = options?.activeOnly
        ? 'SELECT * FROM partners WHERE active = 1 ORDER BY kind DESC, sort_order, name'
        : 'SELECT * FROM partners ORDER BY kind DESC, sort_order, name';
      return (db.prepare(sql).all() as Row[]).map(toPartner);
    },
    async findById(id) {
      const row = db.prepare('SELECT * FROM partners WHERE id = ? OR slug = ?').get(id, id) as Row | undefined;
      return row ? toPartner(row) : null;
    },
    async insertMany(partners) {
      const insert = db.prepare(
        `INSERT INTO partners (id, slug, name, kind, description, logo, website_url, sort_order, active)
           VALUES (@id, @slug, @name, @kind, @description, @logo, @websiteUrl, @order, @active)`,
      );
      writeTransaction(db, () => {
        for (const p of partners) insert.run({ ...p, active: p.active ? 1 : 0 });
      })();
    },
    // Read then write (next order, current row): the write lock is taken first, or a concurrent writer in another
    // process makes the upgrade fail at once with SQLITE_BUSY, whatever the busy timeout.
    async create(partner) {
      return writeTransaction(db, () => {
        const created: Partner = { ...partner, order: nextOrder(partner.kind) };
        db.prepare(
          `INSERT INTO partners (id, slug, name, kind, description, logo, website_url, sort_order, active)
             VALUES (@id, @slug, @name, @kind, @description, @logo, @websiteUrl, @order, @active)`,
        ).run({ ...created, active: created.active ? 1 : 0 });
        return created;
      })();
    },
    async update(id, fields) {
      return writeTransaction(db, () => {
        const row = db.prepare('SELECT * FROM partners WHERE id = ?').get(id) as Row | undefined;
        if (!row) return null;
        const current = toPartner(row);
        const order = current.kind === fields.kind ? current.order : nextOrder(fields.kind);
        db.prepare(
          `UPDATE partners SET name = @name, kind = @kind, description = @description, logo = @logo,
             website_url = @websiteUrl, sort_order = @order, active = @active WHERE id = @id`,
        ).run({ ...fields, id, order, active: fields.active ? 1 : 0 });
        return { ...current, ...fields, order };
      })();
    },
    async setActive(id, active) {
      return db.prepare('UPDATE partners SET active = ? WHERE id = ?').run(active ? 1 : 0, id).changes > 0;
    },
    async delete(id) {
      return db.prepare('DELETE FROM partners WHERE id = ?').run(id).changes > 0;
    },
    async reorder(kind, ids) {
      return writeTransaction(db, () => {
        const rows = db
          .prepare('SELECT id, sort_order FROM partners WHERE kind = ? ORDER BY sort_order, name')
          .all(kind) as Row[];
        const known = new Set(rows.map((r) => str(r.id)));
        if (ids.length !== rows.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) {
          return false;
        }
        // The kind's order values are reused in the new order, so a swap writes two rows; ties are renumbered.
        const before = new Map(rows.map((r) => [str(r.id), Number(r.sort_order)]));
        let orders = rows.map((r) => Number(r.sort_order));
        if (new Set(orders).size !== orders.length) orders = orders.map((_, index) => index + 1);
        const set = db.prepare('UPDATE partners SET sort_order = ? WHERE id = ?');
        ids.forEach((id, index) => {
          if (before.get(id) !== orders[index]) set.run(orders[index], id);
        });
        return true;
      })();
    },
  };
}
