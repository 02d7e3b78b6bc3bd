// An account's favourites and its feed's secret in SQLite (migration 35).
import type { Favourite, FavouriteStore } from '../../ports';
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
  };
}
