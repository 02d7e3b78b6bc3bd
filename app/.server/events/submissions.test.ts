import { describe, expect, it } from 'vitest';
import { makeEventForm, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { eventFormSchema } from '../../domain/event-form';
import { UseCaseError } from '../platform/use-case-error';
import type { UserProfile } from '../ports';
import type { PushMessage, PushTransport } from '../push/ports';
import { changeEvent } from './lifecycle';
import {
  cancelEvent,
  eventForEditing,
  possibleDuplicates,
  submitEvent,
  titleSimilarity,
  updateEvent,
} from './submissions';

const NOW = new Date('2026-11-22T10:00:00Z');
// A concert in Lausanne on 6 December, 17:00–18:30, 20 to 40 francs: the checks below are about this title, town,
// time and price.
const form = makeEventForm({
  title: 'Concert de l’Avent à la cathédrale',
  startDate: '2026-12-06',
  startTime: '17:00',
  endTime: '18:30',
  venueName: 'Cathédrale de Lausanne',
  postalCode: '1005',
  city: 'Lausanne',
  canton: 'VD',
  priceMin: '20',
  priceMax: '40',
});

const user = (uid: string, role: 'organizer' | 'admin' = 'organizer'): UserProfile =>
  makeUser({ uid, displayName: uid, role }, { now: NOW });

async function setup() {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const u of [user('orga'), user('autre'), user('admin', 'admin')]) {
    await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
  }
  const input = eventFormSchema(NOW).parse(form);
  return { db, store, input, deps: { store, now: () => NOW } };
}

describe('soumissions', () => {
  it('une nouvelle soumission est en attente, notifie les admins, et une clé répétée rend le même événement', async () => {
    const { db, store, input, deps } = await setup();
    const first = await submitEvent(deps, user('orga'), input, { submissionKey: 'k1', image: null });
    expect(first).toMatchObject({ created: true, event: { status: 'pending', createdBy: 'orga', featured: false } });
    const again = await submitEvent(deps, user('orga'), input, { submissionKey: 'k1', image: null });
    expect(again).toMatchObject({ created: false, event: { id: first.event.id } });
    expect((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n).toBe(1);
    const [notification] = await store.notifications.listFor('admin', 10);
    expect(notification).toMatchObject({
      title: 'Nouvel événement à modérer',
      body: input.title,
      data: { type: 'event_pending', eventId: first.event.id },
    });
  });

  it('une nouvelle soumission est poussée aux appareils des admins, une seule fois par clé', async () => {
    const { store, input, deps } = await setup();
    await store.users.savePushToken('admin', 'phone00000000000', {
      token: 'jeton-admin',
      updatedAt: NOW.toISOString(),
      userAgent: '',
      platform: '',
    });
    const sent: { token: string; message: PushMessage }[] = [];
    let delivered = () => {};
    const transport: PushTransport = {
      kind: 'webpush',
      clientConfig: async () => ({ transport: 'webpush', vapidPublicKey: 'clé' }),
      normalizeToken: (token) => token,
      async send(token, message) {
        sent.push({ token, message });
        delivered();
        return { status: 'sent' };
      },
      sendMany(tokens, message) {
        return Promise.all(tokens.map((token) => this.send(token, message)));
      },
    };
    const pushed = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    const push = { transport, siteUrl: 'https://agenda.exemple.ch' };
    const { event } = await submitEvent({ ...deps, push }, user('orga'), input, { submissionKey: 'k1', image: null });
    await pushed;
    await submitEvent({ ...deps, push }, user('orga'), input, { submissionKey: 'k1', image: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(1);
    expect(sent[0].token).toBe('jeton-admin');
    expect(sent[0].message.notification).toMatchObject({ title: 'Nouvel événement à modérer', body: input.title });
    expect(sent[0].message.data).toMatchObject({
      eventId: event.id,
      url: `/admin/events?eventId=${event.id}`,
      pendingCount: '1',
    });
  });

  it('200 soumissions en parallèle avec des clés répétées créent exactement un événement par clé', async () => {
    const { db, input, deps } = await setup();
    const keys = Array.from({ length: 20 }, (_, i) => `cle-${i}`);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        submitEvent(deps, user('orga'), input, { submissionKey: keys[i % 20], image: null }),
      ),
    );
    expect((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n).toBe(20);
    for (const key of keys) {
      const ids = new Set(results.filter((_, i) => keys[i % 20] === key).map((r) => r.event.id));
      expect(ids.size).toBe(1);
    }
  });

  // Behaviour changed on purpose (decision 029): the edit waits as a revision, the approved version stays public.
  it('modifier un événement approuvé met la modification en attente et note ce qui a changé ; un autre organisateur reçoit 404', async () => {
    const { store, input, deps } = await setup();
    const { event } = await submitEvent(deps, user('orga'), input, { submissionKey: 'k', image: null });
    await changeEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve' });
    const edited = await updateEvent(
      deps,
      user('orga'),
      event.id,
      { ...input, title: 'Concert de Noël à la cathédrale', priceMin: 15 },
      undefined,
    );
    expect(edited.status).toBe('approved');
    expect(edited.title).toBe(input.title);
    expect(edited.revision?.title).toBe('Concert de Noël à la cathédrale');
    expect(edited.pendingChanges).toEqual(expect.arrayContaining(['title', 'priceMin']));
    const refused = await eventForEditing({ store }, user('autre'), event.id).catch((e) => e);
    expect(refused).toBeInstanceOf(UseCaseError);
    expect(refused.status).toBe(404);
    expect((await eventForEditing({ store }, user('admin', 'admin'), event.id)).id).toBe(event.id);
    expect((await cancelEvent(deps, user('orga'), event.id)).after?.status).toBe('cancelled');
  });

  it('le formulaire refuse dates passées, fin avant début, URL non web, NPA invalide, canton hors liste', () => {
    const result = eventFormSchema(NOW).safeParse({
      ...form,
      startDate: '2026-11-01',
      ticketUrl: 'javascript:alert(1)',
      websiteUrl: 'ftp://exemple.ch',
      postalCode: '12345',
      canton: 'ZH',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages.ticketUrl).toContain('https://');
    expect(messages.websiteUrl).toContain('https://');
    expect(messages.postalCode).toBe('Le NPA suisse compte 4 chiffres.');
    // Left empty, it is missing, not of the wrong length.
    const noPostalCode = eventFormSchema(NOW).safeParse({ ...form, postalCode: ' ' });
    expect(noPostalCode.error?.issues.map((i) => i.message)[0]).toBe('Le NPA est obligatoire.');
    expect(messages.canton).toBe('Choisissez un canton de Suisse romande.');
    const past = eventFormSchema(NOW).safeParse({ ...form, startDate: '2026-11-01' });
    expect(past.error?.issues[0].message).toBe('La date de début est déjà passée.');
    const backwards = eventFormSchema(NOW).safeParse({ ...form, endTime: '16:00' });
    // Without an end date, the message says how to end after midnight (a copy of an evening that did).
    expect(backwards.error?.issues[0].message).toBe(
      'La fin doit être après le début\u00a0: pour finir après minuit, indiquez aussi la date de fin.',
    );
    const sameDay = eventFormSchema(NOW).safeParse({ ...form, endDate: form.startDate, endTime: '16:00' });
    expect(sameDay.error?.issues[0].message).toBe('La fin doit être après le début.');
    // An end date before the start is said of the end date, with or without an end time (it was said of the time,
    // or not at all).
    for (const endTime of ['23:00', '']) {
      const before = eventFormSchema(NOW).safeParse({ ...form, endDate: '2026-12-05', endTime });
      expect(before.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
        ['endDate', 'La date de fin ne peut pas précéder la date de début.'],
      ]);
    }
  });

  // An outside tester got « Indiquez un montant en francs, par exemple 25 ou 12.50. » for -5 and for 999999999.
  it('un prix négatif, trop haut ou mal écrit a chacun son message ; 12,50 se lit 12.50', () => {
    const priceError = (priceMin: string) =>
      eventFormSchema(NOW)
        .safeParse({ ...form, priceMin })
        .error?.issues.find((i) => i.path[0] === 'priceMin')?.message;
    expect(priceError('-5')).toBe('Un prix ne peut pas être négatif.');
    expect(priceError('999999999')).toBe('Indiquez un prix de 99\u202f999 francs au plus.');
    expect(priceError('vingt')).toBe('Indiquez un montant en francs, par exemple 25 ou 12.50.');
    expect(priceError('12.505')).toBe('Indiquez un montant en francs, par exemple 25 ou 12.50.');
    expect(priceError('99999.95')).toBeUndefined();
    expect(eventFormSchema(NOW).parse({ ...form, priceMin: '12,50' }).priceMin).toBe(12.5);
    // Swiss writing, as on the donation page (an outside tester's « 30.- » was refused): « .– », « CHF », « 1'200 ».
    for (const [typed, francs] of [
      ['30.-', 30],
      ['30.–', 30],
      ['CHF 25', 25],
      ["1'200", 1200],
      ['1 200.50', 1200.5],
    ] as const)
      expect(eventFormSchema(NOW).parse({ ...form, priceMin: typed, priceMax: '' }).priceMin).toBe(francs);
    expect(priceError('30.-.-')).toBe('Indiquez un montant en francs, par exemple 25 ou 12.50.');
  });

  it('signale un doublon possible : titre proche, même ville, moins de 3 heures d’écart', async () => {
    const { store, input, deps } = await setup();
    const { event } = await submitEvent(deps, user('autre'), input, { submissionKey: 'a', image: null });
    await changeEvent(deps, user('admin', 'admin'), { eventId: event.id, action: 'approve' });
    expect(
      titleSimilarity('Concert de l’Avent à la cathédrale', 'Concert de l’avent — cathedrale'),
    ).toBeGreaterThanOrEqual(0.5);
    const found = await possibleDuplicates(
      { store },
      {
        title: 'Concert de l’Avent, cathédrale',
        city: 'lausanne',
        startsAt: '2026-12-06T18:00:00+01:00',
      },
    );
    expect(found.map((e) => e.id)).toEqual([event.id]);
    expect(
      await possibleDuplicates(
        { store },
        {
          title: 'Marché de Noël',
          city: 'Lausanne',
          startsAt: '2026-12-06T18:00:00+01:00',
        },
      ),
    ).toEqual([]);
    expect(
      await possibleDuplicates(
        { store },
        { title: input.title, city: 'Lausanne', startsAt: '2026-12-06T22:30:00+01:00' },
      ),
    ).toEqual([]);
  });
});
