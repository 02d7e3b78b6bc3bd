// Places to book (issue 73, decision 168) on SQLite and on Firestore: a date's counts in people, the waiting list in
// its order, a cancellation that promotes the first waiting ones, one registration per address, the mails written
// with the change; and exact under pressure: 200 at once for 50 places give 50 confirmed and 150 waiting, on one
// SQLite file written through two connections (two processes) and on two Firestore instances.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../../app/.server/adapters/firestore/store';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { newMail } from '../../app/.server/mail/queue';
import type { NewRegistration, Store } from '../../app/.server/ports';
import { freshFirestore } from '../support/firestore-emulator';
import { BACKENDS, storeForEachTest } from './backends';

const AT = (minutes: number) => new Date(Date.UTC(2030, 2, 9, 7, minutes)).toISOString();
const DATE = { eventId: 'atelier', startsAt: '2030-03-20T17:00:00.000Z' };
const SETTINGS = { places: 3, closesAt: null, waitingList: true, perPerson: 4, questions: ['Âge des enfants'] };
const person = (n: number, people = 1): NewRegistration => ({
  ...DATE,
  id: `r${n}`,
  name: `Personne ${n}`,
  email: `p${n}@exemple.ch`,
  people,
  answers: ['7 ans'],
  tokenHash: `h${n}`,
  createdAt: AT(n),
});
const mailTo = (to: string, subject: string) => newMail({ to, subject, text: subject, html: subject });

describe.each(BACKENDS)('places à réserver : $name', (backend) => {
  const store = storeForEachTest(backend);

  it('confirmées tant qu’il y a de la place, puis en liste d’attente ; une adresse une fois ; rien sans ouverture', async () => {
    const r = store.registrations;
    expect(await r.register(person(1), AT(1))).toEqual({ ok: false, reason: 'no-opening' });
    await r.open(DATE, SETTINGS, AT(0));
    expect(await r.register(person(1, 2), AT(1))).toMatchObject({ ok: true, registration: { status: 'confirmed' } });
    expect(await r.register(person(2, 2), AT(2))).toMatchObject({ ok: true, registration: { status: 'waiting' } });
    expect(await r.register(person(3, 1), AT(3))).toMatchObject({ ok: true, registration: { status: 'confirmed' } });
    expect(await r.register(person(3, 1), AT(4))).toEqual({ ok: false, reason: 'already' });
    expect(await r.register(person(4, 5), AT(4))).toEqual({ ok: false, reason: 'too-many' });
    expect(await r.opening(DATE.eventId, DATE.startsAt)).toMatchObject({ confirmed: 3, waiting: 2, places: 3 });
    const list = await r.list(DATE.eventId, DATE.startsAt);
    expect(list.map((x) => [x.id, x.status, x.people])).toEqual([
      ['r1', 'confirmed', 2],
      ['r2', 'waiting', 2],
      ['r3', 'confirmed', 1],
    ]);
    expect(list[0]).toMatchObject({ name: 'Personne 1', email: 'p1@exemple.ch', answers: ['7 ans'] });
    // Without a waiting list, a full date refuses.
    await r.open(DATE, { ...SETTINGS, waitingList: false }, AT(5));
    expect(await r.register(person(5), AT(6))).toEqual({ ok: false, reason: 'full' });
  });

  it('une annulation libère ses places : la première en attente qui tient les prend, avec son mail', async () => {
    const r = store.registrations;
    await r.open(DATE, SETTINGS, AT(0));
    for (const [n, people] of [
      [1, 3],
      [2, 2],
      [3, 1],
    ])
      await r.register(person(n, people), AT(n));
    const done = await r.cancel('h1', AT(10), ({ promoted }) => promoted.map((p) => mailTo(p.email, 'Une place')));
    expect(done?.cancelled).toMatchObject({ id: 'r1', status: 'cancelled' });
    expect(done?.promoted.map((p) => p.id)).toEqual(['r2', 'r3']);
    expect(await r.opening(DATE.eventId, DATE.startsAt)).toMatchObject({ confirmed: 3, waiting: 0 });
    expect(await r.cancel('h1', AT(11))).toBeNull();
    expect(await r.findByToken('h1')).toMatchObject({ status: 'cancelled' });
    const mails = await store.mails.claimDue(AT(60), AT(61), 10);
    expect(mails.map((m) => m.to).sort()).toEqual(['p2@exemple.ch', 'p3@exemple.ch']);
    // Cancelled, the address may register again (on the waiting list now).
    expect(await r.register({ ...person(1), tokenHash: 'h1b' }, AT(12))).toMatchObject({
      ok: true,
      registration: { status: 'waiting' },
    });
  });

  it('plus de places ouvertes : les premiers en attente passent, dans leur ordre', async () => {
    const r = store.registrations;
    await r.open(DATE, { ...SETTINGS, places: 1 }, AT(0));
    for (const n of [1, 2, 3]) await r.register(person(n), AT(n));
    const opened = await r.open(DATE, { ...SETTINGS, places: 2 }, AT(5));
    if (!('opening' in opened)) throw new Error('ouverture refusée');
    expect(opened.promoted.map((p) => p.id)).toEqual(['r2']);
    expect(opened.opening).toMatchObject({ confirmed: 2, waiting: 1, places: 2 });
    expect(await r.setClosed(DATE, true, AT(6))).toBe(true);
    expect(await r.opening(DATE.eventId, DATE.startsAt)).toMatchObject({ closed: true });
  });

  it('moins de places que de personnes confirmées : refusé, rien ne change ; autant, accepté', async () => {
    const r = store.registrations;
    await r.open(DATE, { ...SETTINGS, places: 5 }, AT(0));
    for (const n of [1, 2]) await r.register(person(n, 2), AT(n));
    expect(await r.open(DATE, { ...SETTINGS, places: 3, waitingList: false }, AT(5))).toEqual({ belowConfirmed: 4 });
    expect(await r.opening(DATE.eventId, DATE.startsAt)).toMatchObject({ places: 5, waitingList: true, confirmed: 4 });
    expect(await r.open(DATE, { ...SETTINGS, places: 4 }, AT(6))).toMatchObject({ opening: { places: 4 } });
  });

  it('le rappel de la veille une fois ; 30 jours après la date, tout est effacé', async () => {
    const r = store.registrations;
    await r.open(DATE, SETTINGS, AT(0));
    await r.register(person(1), AT(1));
    expect((await r.claimReminders('2030-03-19T17:00:00.000Z', '2030-03-20T18:00:00.000Z', AT(2))).length).toBe(1);
    expect(await r.claimReminders('2030-03-19T17:00:00.000Z', '2030-03-20T18:00:00.000Z', AT(3))).toEqual([]);
    expect(await r.deleteBefore('2030-03-20T17:00:00.000Z')).toBe(0);
    expect(await r.deleteBefore('2030-04-19T17:00:00.001Z')).toBe(1);
    expect(await r.opening(DATE.eventId, DATE.startsAt)).toBeNull();
    expect(await r.list(DATE.eventId, null)).toEqual([]);
  });
});

/** 200 visitors at once for 50 places, spread over the given stores (instances): exactly 50 and 150. */
async function underPressure(stores: Store[]) {
  await stores[0].registrations.open(DATE, { ...SETTINGS, places: 50 }, AT(0));
  const outcomes = await Promise.all(
    Array.from({ length: 200 }, (_, n) => stores[n % stores.length].registrations.register(person(n), AT(1))),
  );
  expect(outcomes.every((o) => o.ok)).toBe(true);
  const list = await stores[1].registrations.list(DATE.eventId, DATE.startsAt);
  expect(list).toHaveLength(200);
  expect(new Set(list.map((r) => r.id)).size).toBe(200);
  expect(list.filter((r) => r.status === 'confirmed')).toHaveLength(50);
  expect(list.filter((r) => r.status === 'waiting')).toHaveLength(150);
  // The order is one: every confirmed one came before every waiting one, and no two share a place in it.
  expect(new Set(list.map((r) => r.seq)).size).toBe(200);
  const lastConfirmed = Math.max(...list.filter((r) => r.status === 'confirmed').map((r) => r.seq));
  expect(list.filter((r) => r.status === 'waiting').every((r) => r.seq > lastConfirmed)).toBe(true);
  expect(await stores[1].registrations.opening(DATE.eventId, DATE.startsAt)).toMatchObject({
    confirmed: 50,
    waiting: 150,
  });
}

describe('exactes sous la pression : 200 inscriptions à la fois pour 50 places', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('SQLite : un fichier, deux connexions (deux processus)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inscriptions-')), 'agenda.db');
    const stores = [createSqliteStore(openDatabase(file)), createSqliteStore(openDatabase(file))];
    for (const s of stores) cleanups.push(() => s.close());
    await underPressure(stores);
  });

  it('Firestore : deux instances sur un projet', async () => {
    const { db, dispose } = await freshFirestore('inscriptions');
    cleanups.push(dispose);
    const stores = [createFirestoreStore(db), createFirestoreStore(db)];
    for (const s of stores) cleanups.push(() => s.close());
    await underPressure(stores);
  }, 120_000);
});
