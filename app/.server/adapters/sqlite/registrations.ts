// Places to book in SQLite (migration 32, decision 168): every change of a date's counts runs under the write lock
// (`writeTransaction`, BEGIN IMMEDIATE), whichever process writes, with the mails it brings.
import { placeFor, promotions } from '~/domain/registration';
import type { Registration, RegistrationOpening, RegistrationStatus, RegistrationStore } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { insertMail } from './mail-queue';
import { bool, type Row, str } from './rows';

const toOpening = (r: Row): RegistrationOpening => ({
  eventId: str(r.event_id),
  startsAt: str(r.starts_at),
  places: Number(r.places),
  closesAt: r.closes_at == null ? null : str(r.closes_at),
  waitingList: bool(r.waiting_list),
  perPerson: Number(r.per_person),
  questions: JSON.parse(str(r.questions) || '[]') as string[],
  closed: bool(r.closed),
  confirmed: Number(r.confirmed),
  waiting: Number(r.waiting),
  remindedAt: r.reminded_at == null ? null : str(r.reminded_at),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

const toRegistration = (r: Row): Registration => ({
  id: str(r.id),
  eventId: str(r.event_id),
  startsAt: str(r.starts_at),
  name: str(r.name),
  email: str(r.email),
  people: Number(r.people),
  answers: JSON.parse(str(r.answers) || '[]') as string[],
  status: str(r.status) as RegistrationStatus,
  tokenHash: str(r.token_hash),
  seq: Number(r.seq),
  createdAt: str(r.created_at),
  updatedAt: str(r.updated_at),
});

export function createRegistrationStore(db: Db): RegistrationStore {
  const openingRow = (eventId: string, startsAt: string) =>
    db.prepare('SELECT * FROM registration_openings WHERE event_id = ? AND starts_at = ?').get(eventId, startsAt) as
      | Row
      | undefined;
  const waitingOf = (eventId: string, startsAt: string) =>
    (
      db
        .prepare("SELECT * FROM registrations WHERE event_id = ? AND starts_at = ? AND status = 'waiting' ORDER BY seq")
        .all(eventId, startsAt) as Row[]
    ).map(toRegistration);

  /** Gives the free places to the first waiting ones (under the caller's lock); the counts stored; those promoted. */
  const promote = (opening: RegistrationOpening, now: string): Registration[] => {
    const promoted = promotions(opening, waitingOf(opening.eventId, opening.startsAt));
    const moved = promoted.reduce((sum, r) => sum + r.people, 0);
    const set = db.prepare("UPDATE registrations SET status = 'confirmed', updated_at = ? WHERE id = ?");
    for (const r of promoted) set.run(now, r.id);
    db.prepare(
      `UPDATE registration_openings SET confirmed = confirmed + ?, waiting = waiting - ?, updated_at = ?
       WHERE event_id = ? AND starts_at = ?`,
    ).run(moved, moved, now, opening.eventId, opening.startsAt);
    return promoted.map((r) => ({ ...r, status: 'confirmed' as const, updatedAt: now }));
  };

  const open = writeTransaction(db, (...[key, settings, now, mails]: Parameters<RegistrationStore['open']>) => {
    const before = openingRow(key.eventId, key.startsAt);
    if (before && Number(before.confirmed) > settings.places) return { belowConfirmed: Number(before.confirmed) };
    db.prepare(
      `INSERT INTO registration_openings (event_id, starts_at, places, closes_at, waiting_list, per_person, questions,
         created_at, updated_at)
       VALUES (@eventId, @startsAt, @places, @closesAt, @waitingList, @perPerson, @questions, @now, @now)
       ON CONFLICT (event_id, starts_at) DO UPDATE SET places = excluded.places, closes_at = excluded.closes_at,
         waiting_list = excluded.waiting_list, per_person = excluded.per_person, questions = excluded.questions,
         updated_at = excluded.updated_at`,
    ).run({
      ...key,
      ...settings,
      waitingList: settings.waitingList ? 1 : 0,
      questions: JSON.stringify(settings.questions),
      now,
    });
    const promoted = promote(toOpening(openingRow(key.eventId, key.startsAt) as Row), now);
    for (const mail of mails?.(promoted) ?? []) insertMail(db, mail);
    return { opening: toOpening(openingRow(key.eventId, key.startsAt) as Row), promoted };
  });

  const register = writeTransaction(db, (...[input, now, mails]: Parameters<RegistrationStore['register']>) => {
    const row = openingRow(input.eventId, input.startsAt);
    if (!row) return { ok: false as const, reason: 'no-opening' as const };
    const opening = toOpening(row);
    const existing = db.prepare('SELECT status FROM registrations WHERE id = ?').get(input.id) as Row | undefined;
    if (existing && existing.status !== 'cancelled') return { ok: false as const, reason: 'already' as const };
    if (input.people > opening.perPerson) return { ok: false as const, reason: 'too-many' as const };
    const place = placeFor(opening, input.people);
    if (place === 'full') return { ok: false as const, reason: 'full' as const };
    const seq = Number(row.next_seq) + 1;
    const registration: Registration = { ...input, status: place, seq, updatedAt: now };
    db.prepare('DELETE FROM registrations WHERE id = ?').run(input.id);
    db.prepare(
      `INSERT INTO registrations (id, event_id, starts_at, name, email, people, answers, status, token_hash, seq,
         created_at, updated_at)
       VALUES (@id, @eventId, @startsAt, @name, @email, @people, @answers, @status, @tokenHash, @seq, @createdAt,
         @updatedAt)`,
    ).run({ ...registration, answers: JSON.stringify(registration.answers) });
    db.prepare(
      `UPDATE registration_openings SET next_seq = ?, confirmed = confirmed + ?, waiting = waiting + ?,
         updated_at = ? WHERE event_id = ? AND starts_at = ?`,
    ).run(
      seq,
      place === 'confirmed' ? input.people : 0,
      place === 'waiting' ? input.people : 0,
      now,
      input.eventId,
      input.startsAt,
    );
    for (const mail of mails?.(registration) ?? []) insertMail(db, mail);
    return { ok: true as const, registration };
  });

  const cancel = writeTransaction(db, (...[tokenHash, now, mails]: Parameters<RegistrationStore['cancel']>) => {
    const row = db.prepare('SELECT * FROM registrations WHERE token_hash = ?').get(tokenHash) as Row | undefined;
    if (!row || row.status === 'cancelled') return null;
    const before = toRegistration(row);
    db.prepare("UPDATE registrations SET status = 'cancelled', updated_at = ? WHERE id = ?").run(now, before.id);
    const counted = before.status === 'confirmed' ? 'confirmed' : 'waiting';
    db.prepare(
      `UPDATE registration_openings SET ${counted} = ${counted} - ?, updated_at = ?
       WHERE event_id = ? AND starts_at = ?`,
    ).run(before.people, now, before.eventId, before.startsAt);
    const opening = openingRow(before.eventId, before.startsAt);
    const promoted = opening ? promote(toOpening(opening), now) : [];
    const done = { cancelled: { ...before, status: 'cancelled' as const, updatedAt: now }, promoted };
    for (const mail of mails?.(done) ?? []) insertMail(db, mail);
    return done;
  });

  const claimReminders = writeTransaction(db, (from: string, to: string, now: string) => {
    const rows = db
      .prepare(
        `SELECT * FROM registration_openings WHERE starts_at >= ? AND starts_at < ? AND reminded_at IS NULL
         ORDER BY starts_at`,
      )
      .all(from, to) as Row[];
    const mark = db.prepare('UPDATE registration_openings SET reminded_at = ? WHERE event_id = ? AND starts_at = ?');
    for (const r of rows) mark.run(now, r.event_id, r.starts_at);
    return rows.map((r) => ({ ...toOpening(r), remindedAt: now }));
  });

  const deleteBefore = writeTransaction(db, (before: string) => {
    const gone = db.prepare('DELETE FROM registrations WHERE starts_at < ?').run(before).changes;
    db.prepare('DELETE FROM registration_openings WHERE starts_at < ?').run(before);
    return gone;
  });

  return {
    open: async (key, settings, now, mails) => open(key, settings, now, mails),
    async setClosed(key, closed, now) {
      return (
        db
          .prepare('UPDATE registration_openings SET closed = ?, updated_at = ? WHERE event_id = ? AND starts_at = ?')
          .run(closed ? 1 : 0, now, key.eventId, key.startsAt).changes > 0
      );
    },
    async opening(eventId, startsAt) {
      const row = openingRow(eventId, startsAt);
      return row ? toOpening(row) : null;
    },
    async openingsFor(keys) {
      if (keys.length === 0) return [];
      // One statement for a whole page, the pairs as one JSON parameter (no limit on the number of variables).
      const rows = db
        .prepare(
          `SELECT o.* FROM json_each(?) AS k JOIN registration_openings o
            ON o.event_id = json_extract(k.value, '$[0]') AND o.starts_at = json_extract(k.value, '$[1]')`,
        )
        .all(JSON.stringify(keys.map((k) => [k.eventId, k.startsAt]))) as Row[];
      return rows.map(toOpening);
    },
    async openings(eventId) {
      const rows = db
        .prepare('SELECT * FROM registration_openings WHERE event_id = ? ORDER BY starts_at')
        .all(eventId) as Row[];
      return rows.map(toOpening);
    },
    register: async (input, now, mails) => register(input, now, mails),
    cancel: async (tokenHash, now, mails) => cancel(tokenHash, now, mails),
    async findByToken(tokenHash) {
      const row = db.prepare('SELECT * FROM registrations WHERE token_hash = ?').get(tokenHash) as Row | undefined;
      return row ? toRegistration(row) : null;
    },
    async list(eventId, startsAt, statuses) {
      const rows = (
        startsAt === null
          ? db.prepare('SELECT * FROM registrations WHERE event_id = ? ORDER BY starts_at, seq').all(eventId)
          : db
              .prepare('SELECT * FROM registrations WHERE event_id = ? AND starts_at = ? ORDER BY seq')
              .all(eventId, startsAt)
      ) as Row[];
      const all = rows.map(toRegistration);
      return statuses ? all.filter((r) => statuses.includes(r.status)) : all;
    },
    claimReminders: async (from, to, now) => claimReminders(from, to, now),
    deleteBefore: async (before) => deleteBefore(before),
  };
}
