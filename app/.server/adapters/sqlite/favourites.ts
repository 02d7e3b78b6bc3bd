// An account's favourites and its feed's secret in SQLite (migration 35), and what it follows (migration 36).
import type { Favourite, FavouriteStore, Follow } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

const toFavourite = (r: Row): Favourite => ({
  eventId: str(r.event_id),
  startsAt: str(r.starts_at) || null,
  createdAt: str(r.created_at),
});

export function createFavouriteStore(db: Db): FavouriteStore {
  const add = writeTransaction(
    db,
    (uid: string, keys: Parameters<FavouriteStore['add']>[1], now: string, max: number) => {
      let count = (db.prepare('SELECT COUNT(*) AS n FROM favourites WHERE uid = ?').get(uid) as { n: number }).n;
      let added = 0;
      const insert = db.prepare(
        'INSERT OR IGNORE INTO favourites (uid, event_id, starts_at, created_at) VALUES (?, ?, ?, ?)',
      );
      for (const key of keys) {
        if (count >= max) break;
        if (insert.run(uid, key.eventId, key.startsAt ?? '', now).changes > 0) {
          count++;
          added++;
        }
      }
      return added;
    },
  );
  const follow = writeTransaction(
    db,
    (uid: string, key: Parameters<FavouriteStore['follow']>[1], now: string, max: number) => {
      const known = db.prepare('SELECT 1 FROM follows WHERE uid = ? AND kind = ? AND slug = ?');
      if (known.get(uid, key.kind, key.slug)) return true;
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM follows WHERE uid = ?').get(uid) as { n: number };
      if (n >= max) return false;
      const insert = 'INSERT INTO follows (uid, kind, slug, created_at) VALUES (?, ?, ?, ?)';
      db.prepare(insert).run(uid, key.kind, key.slug, now);
      return true;
    },
  );
  return {
    async list(uid) {
      const rows = db
        .prepare('SELECT * FROM favourites WHERE uid = ? ORDER BY created_at, event_id, starts_at')
        .all(uid) as Row[];
      return rows.map(toFavourite);
    },
    async add(uid, keys, now, max) {
      return add(uid, keys, now, max);
    },
    async remove(uid, key) {
      const sql = 'DELETE FROM favourites WHERE uid = ? AND event_id = ? AND starts_at = ?';
      return db.prepare(sql).run(uid, key.eventId, key.startsAt ?? '').changes > 0;
    },
    async feedToken(uid) {
      const row = db.prepare('SELECT token FROM favourite_feeds WHERE uid = ?').get(uid) as Row | undefined;
      return row ? str(row.token) : null;
    },
    async setFeedToken(uid, token, now) {
      db.prepare(
        `INSERT INTO favourite_feeds (uid, token, created_at) VALUES (?, ?, ?)
         ON CONFLICT (uid) DO UPDATE SET token = excluded.token, created_at = excluded.created_at`,
      ).run(uid, token, now);
    },
    async feedOwner(token) {
      const row = db.prepare('SELECT uid FROM favourite_feeds WHERE token = ?').get(token) as Row | undefined;
      return row ? str(row.uid) : null;
    },
    async follows(uid) {
      const sql = 'SELECT kind, slug, created_at FROM follows WHERE uid = ? ORDER BY created_at, kind, slug';
      return (db.prepare(sql).all(uid) as Row[]).map(
        (r): Follow => ({ kind: str(r.kind) as Follow['kind'], slug: str(r.slug), createdAt: str(r.created_at) }),
      );
    },
    async follow(uid, key, now, max) {
      return follow(uid, key, now, max);
    },
    async unfollow(uid, key) {
      const sql = 'DELETE FROM follows WHERE uid = ? AND kind = ? AND slug = ?';
      return db.prepare(sql).run(uid, key.kind, key.slug).changes > 0;
    },
  };
}
