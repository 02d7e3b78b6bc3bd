// Partners and donors of the SQLite store.
import type { Partner, PartnerKind } from '~/domain/partner';
import type { PartnerStore } from '../../ports';
import type { Db } from './db';
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
      db.transaction(() => {
        for (const p of partners) insert.run({ ...p, active: p.active ? 1 : 0 });
      })();
    },
  };
}
