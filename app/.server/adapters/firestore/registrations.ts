// Places to book in Firestore (decision 168): `registrationOpenings/{event:date}` is the date's counter document
// (settings, counts in people, its turn), `registrations/{id}` its registrants. Every change of a date's counts is a
// Firestore transaction on that document that also creates `registrationTurns/{event:date:n}`, n being the turn it
// read plus one, as its first write: two changes that read the same turn cannot both commit, even where transactions
// are not isolated (the in-process emulator of the tests), and the loser reads again. Single-field and equality
// queries only (no composite index).
import type { DocumentData, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { placeFor, promotions } from '~/domain/registration';
import type {
  NewMail,
  RegisterOutcome,
  Registration,
  RegistrationOpening,
  RegistrationStatus,
  RegistrationStore,
} from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, deleteAll, docKey, isAlreadyExists } from './db';
import { writeMail } from './mail-queue';

const toOpening = (d: DocumentData): RegistrationOpening => ({
  eventId: String(d.eventId),
  startsAt: String(d.startsAt),
  places: Number(d.places),
  closesAt: d.closesAt == null ? null : String(d.closesAt),
  waitingList: d.waitingList === true,
  perPerson: Number(d.perPerson),
  questions: Array.isArray(d.questions) ? d.questions.map(String) : [],
  closed: d.closed === true,
  confirmed: Number(d.confirmed ?? 0),
  waiting: Number(d.waiting ?? 0),
  remindedAt: d.remindedAt == null ? null : String(d.remindedAt),
  createdAt: String(d.createdAt),
  updatedAt: String(d.updatedAt),
});

const toRegistration = (id: string, d: DocumentData): Registration => ({
  id,
  eventId: String(d.eventId),
  startsAt: String(d.startsAt),
  name: String(d.name),
  email: String(d.email),
  people: Number(d.people),
  answers: Array.isArray(d.answers) ? d.answers.map(String) : [],
  status: String(d.status) as RegistrationStatus,
  tokenHash: String(d.tokenHash),
  seq: Number(d.seq),
  createdAt: String(d.createdAt),
  updatedAt: String(d.updatedAt),
});

const ATTEMPTS = 100;
const pause = () => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 20));

/** What a change of a date does once it has read: its result, and its writes (none: nothing changes). */
type Change<T> = { result: T; counts?: { confirmed: number; waiting: number }; writes?: (tx: Transaction) => void };

export function createRegistrationStore(ctx: FirestoreContext): RegistrationStore {
  const { db } = ctx;
  const openings = () => db.collection(COLLECTIONS.registrationOpenings);
  const registrations = () => db.collection(COLLECTIONS.registrations);
  const openingId = (eventId: string, startsAt: string) => docKey(eventId, startsAt);
  const waitingOf = async (tx: Transaction, eventId: string, startsAt: string) =>
    (
      await tx.get(
        registrations()
          .where('eventId', '==', eventId)
          .where('startsAt', '==', startsAt)
          .where('status', '==', 'waiting'),
      )
    ).docs
      .map((d) => toRegistration(d.id, d.data()))
      .sort((a, b) => a.seq - b.seq);

  /** One change of a date's counts: read, then its turn first among its writes; again when another took that turn. */
  async function onDate<T>(
    eventId: string,
    startsAt: string,
    now: string,
    change: (tx: Transaction, opening: DocumentSnapshot) => Promise<Change<T>>,
  ): Promise<T> {
    const id = openingId(eventId, startsAt);
    return ctx.lock(`registration:${id}`, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await db.runTransaction(async (tx) => {
            const opening = await tx.get(openings().doc(id));
            const done = await change(tx, opening);
            if (!done.writes) return done.result;
            const turn = Number(opening.get('turn') ?? 0) + 1;
            tx.create(db.collection(COLLECTIONS.registrationTurns).doc(docKey(eventId, startsAt, String(turn))), {
              startsAt,
              at: now,
            });
            done.writes(tx);
            const counts = done.counts ?? { confirmed: 0, waiting: 0 };
            tx.update(openings().doc(id), {
              turn,
              confirmed: Number(opening.get('confirmed') ?? 0) + counts.confirmed,
              waiting: Number(opening.get('waiting') ?? 0) + counts.waiting,
              updatedAt: now,
            });
            return done.result;
          });
          ctx.touched();
          return result;
        } catch (error) {
          if (!isAlreadyExists(error) || attempt >= ATTEMPTS) throw error;
          await pause();
        }
      }
    });
  }

  const writeMails = (tx: Transaction, mails: readonly NewMail[] | undefined) => {
    for (const mail of mails ?? []) writeMail(ctx, tx, mail);
  };
  const promote = (tx: Transaction, promoted: readonly Registration[], now: string) => {
    for (const r of promoted) tx.update(registrations().doc(r.id), { status: 'confirmed', updatedAt: now });
  };
  const promotedOf = (list: Registration[], now: string) =>
    list.map((r) => ({ ...r, status: 'confirmed' as const, updatedAt: now }));
  const moved = (list: readonly Registration[]) => list.reduce((sum, r) => sum + r.people, 0);

  async function findByToken(tokenHash: string): Promise<Registration | null> {
    const { docs } = await registrations().where('tokenHash', '==', tokenHash).limit(1).get();
    return docs[0] ? toRegistration(docs[0].id, docs[0].data()) : null;
  }

  return {
    async open(key, settings, now, mails) {
      const id = openingId(key.eventId, key.startsAt);
      // The settings first (a set that keeps the counts), then the promotions they allow, as one change of counts.
      const confirmed = await db.runTransaction(async (tx) => {
        const current = await tx.get(openings().doc(id));
        const already = Number(current.get('confirmed') ?? 0);
        if (current.exists && already > settings.places) return already;
        const fields = { ...settings, updatedAt: now };
        if (current.exists) tx.update(current.ref, fields);
        else
          tx.create(current.ref, {
            ...fields,
            ...key,
            closed: false,
            confirmed: 0,
            waiting: 0,
            turn: 0,
            remindedAt: null,
            createdAt: now,
          });
        return null;
      });
      if (confirmed !== null) return { belowConfirmed: confirmed };
      const promoted = await onDate(key.eventId, key.startsAt, now, async (tx, snapshot) => {
        const opening = toOpening(snapshot.data() ?? {});
        const list = promotedOf(promotions(opening, await waitingOf(tx, key.eventId, key.startsAt)), now);
        if (list.length === 0) return { result: list };
        return {
          result: list,
          counts: { confirmed: moved(list), waiting: -moved(list) },
          writes: (t) => {
            promote(t, list, now);
            writeMails(t, mails?.(list));
          },
        };
      });
      ctx.touched();
      const opening = (await openings().doc(id).get()).data();
      return { opening: toOpening(opening ?? {}), promoted };
    },
    async setClosed(key, closed, now) {
      const ref = openings().doc(openingId(key.eventId, key.startsAt));
      if (!(await ref.get()).exists) return false;
      await ref.update({ closed, updatedAt: now });
      ctx.touched();
      return true;
    },
    async opening(eventId, startsAt) {
      const d = (await openings().doc(openingId(eventId, startsAt)).get()).data();
      return d ? toOpening(d) : null;
    },
    async openingsFor(keys) {
      if (keys.length === 0) return [];
      // One batched read of the documents (their ids are the keys), not one read per date.
      const refs = keys.map((k) => openings().doc(openingId(k.eventId, k.startsAt)));
      return (await db.getAll(...refs)).flatMap((d) => (d.exists ? [toOpening(d.data() ?? {})] : []));
    },
    async openings(eventId) {
      const { docs } = await openings().where('eventId', '==', eventId).get();
      return docs.map((d) => toOpening(d.data())).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    },
    async register(input, now, mails) {
      return onDate<RegisterOutcome>(input.eventId, input.startsAt, now, async (tx, snapshot) => {
        if (!snapshot.exists) return { result: { ok: false, reason: 'no-opening' } };
        const opening = toOpening(snapshot.data() ?? {});
        const existing = await tx.get(registrations().doc(input.id));
        if (existing.exists && existing.get('status') !== 'cancelled')
          return { result: { ok: false, reason: 'already' } };
        if (input.people > opening.perPerson) return { result: { ok: false, reason: 'too-many' } };
        const place = placeFor(opening, input.people);
        if (place === 'full') return { result: { ok: false, reason: 'full' } };
        const registration: Registration = {
          ...input,
          status: place,
          seq: Number(snapshot.get('turn') ?? 0) + 1,
          updatedAt: now,
        };
        return {
          result: { ok: true, registration },
          counts: {
            confirmed: place === 'confirmed' ? input.people : 0,
            waiting: place === 'waiting' ? input.people : 0,
          },
          writes: (t) => {
            const { id: _id, ...fields } = registration;
            t.set(registrations().doc(input.id), fields);
            writeMails(t, mails?.(registration));
          },
        };
      });
    },
    async cancel(tokenHash, now, mails) {
      const found = await findByToken(tokenHash);
      if (!found || found.status === 'cancelled') return null;
      return onDate(found.eventId, found.startsAt, now, async (tx, snapshot) => {
        const current = await tx.get(registrations().doc(found.id));
        const before = current.exists ? toRegistration(current.id, current.data() ?? {}) : null;
        if (!before || before.status === 'cancelled') return { result: null };
        const opening = toOpening(snapshot.data() ?? {});
        const freed = before.status === 'confirmed' ? before.people : 0;
        const waiting = (await waitingOf(tx, before.eventId, before.startsAt)).filter((r) => r.id !== before.id);
        const list = promotedOf(promotions({ ...opening, confirmed: opening.confirmed - freed }, waiting), now);
        const done = { cancelled: { ...before, status: 'cancelled' as const, updatedAt: now }, promoted: list };
        return {
          result: done,
          counts: {
            confirmed: moved(list) - freed,
            waiting: -moved(list) - (before.status === 'waiting' ? before.people : 0),
          },
          writes: (t) => {
            t.update(current.ref, { status: 'cancelled', updatedAt: now });
            promote(t, list, now);
            writeMails(t, mails?.(done));
          },
        };
      });
    },
    findByToken,
    async list(eventId, startsAt, statuses) {
      const base = registrations().where('eventId', '==', eventId);
      const { docs } = await (startsAt === null ? base : base.where('startsAt', '==', startsAt)).get();
      return docs
        .map((d) => toRegistration(d.id, d.data()))
        .filter((r) => !statuses || statuses.includes(r.status))
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.seq - b.seq);
    },
    async claimReminders(from, to, now) {
      const { docs } = await openings().where('startsAt', '>=', from).where('startsAt', '<', to).get();
      const claimed: RegistrationOpening[] = [];
      for (const doc of docs) {
        const mine = await db.runTransaction(async (tx) => {
          const current = await tx.get(doc.ref);
          if (!current.exists || current.get('remindedAt') != null) return false;
          tx.update(doc.ref, { remindedAt: now });
          return true;
        });
        if (mine) claimed.push({ ...toOpening(doc.data()), remindedAt: now });
      }
      return claimed.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    },
    async deleteBefore(before) {
      const past = (name: string) => db.collection(name).where('startsAt', '<', before).get();
      const [gone, dates, turns] = await Promise.all([
        past(COLLECTIONS.registrations),
        past(COLLECTIONS.registrationOpenings),
        past(COLLECTIONS.registrationTurns),
      ]);
      await deleteAll(db, gone.docs);
      await deleteAll(db, dates.docs);
      await deleteAll(db, turns.docs);
      if (dates.size > 0) ctx.touched();
      return gone.size;
    },
  };
}
