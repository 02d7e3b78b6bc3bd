// The digest of email alerts (decision 048), at the use-case level: what a subscriber receives, and when.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { WEEKEND_IS_WEEKLY } from '../../domain/alert';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { changeEvent } from '../events/lifecycle';
import { type AlertDeps, confirmAlert, requestAlert } from './alerts';
import { sendDueDigests } from './digest';

// Monday 23 November 2026 in Zurich; the Thursday of that week is the 26th.
const MONDAY = new Date('2026-11-23T09:00:00Z');
const at = (iso: string) => new Date(iso);
const admin = makeUser({ uid: 'admin', role: 'admin' }, { now: MONDAY });

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...admin, passwordHash: 'x', now: MONDAY.toISOString() });
  const mailer = recordingMailer();
  const deps: AlertDeps = { store, mailer, siteUrl: 'https://agenda.test', secret: 'secret-de-test' };
  /** Asks for an alert and confirms it by the link of its mail. */
  const subscribe = async (email: string, rhythm: 'daily' | 'weekly', filter = 'category=musique&canton=VD') => {
    await requestAlert(deps, { email, filter, rhythm }, MONDAY);
    const link = mailer.sent.at(-1)?.text.match(/\/alertes\/confirmer\/([\w-]+)/)?.[1] ?? '';
    mailer.sent.length = 0;
    return link;
  };
  /** Stores a pending event of the week after, then the admin's decision at `when`. */
  const submitted = async (title: string, over: Parameters<typeof makeEvent>[0] = {}) => {
    const event = makeEvent({ title, status: 'pending', canton: 'VD', city: 'Lausanne', ...over }, { now: MONDAY });
    await store.events.insertMany([event]);
    return event.id;
  };
  const decide = (eventId: string, action: 'approve' | 'reject' | 'unpublish', when: Date) =>
    changeEvent({ store, now: () => when }, admin, { eventId, action, reason: 'Hors sujet pour l’agenda.' });
  const digests = (to: string) => mailer.sent.filter((m) => m.to === to);
  return { store, mailer, deps, subscribe, submitted, decide, digests };
}

describe('alertes : la lettre des nouveaux événements', () => {
  it('un événement correspondant approuvé part une fois ; en attente, refusé ou hors filtre, jamais', async () => {
    const { deps, subscribe, submitted, decide, digests } = await setup();
    const token = await subscribe('ada@example.ch', 'daily');
    const nothingYet = await submitted('Concert approuvé avant la confirmation');
    await decide(nothingYet, 'approve', at('2026-11-23T08:30:00Z'));
    expect(await confirmAlert(deps.store, token, MONDAY)).toMatchObject({ status: 'active' });

    const jazz = await submitted('Soirée jazz à Lausanne');
    const waiting = await submitted('Concert encore en attente');
    const refused = await submitted('Concert refusé');
    const theatre = await submitted('Pièce de théâtre', { category: 'spectacles' });
    await decide(jazz, 'approve', at('2026-11-23T10:00:00Z'));
    await decide(refused, 'reject', at('2026-11-23T10:00:00Z'));
    await decide(theatre, 'approve', at('2026-11-23T10:00:00Z'));

    // Tuesday 08:00 in Zurich.
    const tuesday = at('2026-11-24T07:00:00Z');
    await sendDueDigests(deps, tuesday);
    const [mail, ...others] = digests('ada@example.ch');
    expect(others).toEqual([]);
    expect(mail.subject).toContain('Un nouvel événement');
    for (const body of [mail.text, mail.html]) expect(body).toContain('Soirée jazz à Lausanne');
    for (const title of ['Concert encore en attente', 'Concert refusé', 'Pièce de théâtre', 'avant la confirmation']) {
      expect(mail.text).not.toContain(title);
    }
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/agenda\.test\/alertes\/desabonner\/[\w-]+>$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(waiting).toBeTruthy();

    // Run again at once, and later that day: nothing more.
    await sendDueDigests(deps, tuesday);
    await sendDueDigests(deps, at('2026-11-24T15:00:00Z'));
    expect(digests('ada@example.ch')).toHaveLength(1);
  });

  it('un événement modifié puis approuvé à nouveau n’est pas renvoyé ; rien de nouveau, rien d’envoyé', async () => {
    const { deps, subscribe, submitted, decide, digests } = await setup();
    // A text search, and a series of three dates: one event, sent once.
    await confirmAlert(deps.store, await subscribe('bea@example.ch', 'daily', 'q=jazz'), MONDAY);
    const jazz = await submitted('Soirée jazz à Lausanne', {
      startsAt: '2026-12-04T20:00:00+01:00',
      endsAt: '2026-12-18T22:00:00+01:00',
      schedule: {
        kind: 'dates',
        dates: ['2026-12-04', '2026-12-11', '2026-12-18'].map((date) => ({ date, start: '20:00', end: '22:00' })),
      },
    });
    await decide(jazz, 'approve', at('2026-11-23T10:00:00Z'));
    await sendDueDigests(deps, at('2026-11-24T07:00:00Z'));
    expect(digests('bea@example.ch')).toHaveLength(1);
    expect(digests('bea@example.ch')[0].text.match(/Soirée jazz/g)).toHaveLength(1);

    await decide(jazz, 'unpublish', at('2026-11-24T09:00:00Z'));
    await decide(jazz, 'approve', at('2026-11-24T10:00:00Z'));
    await sendDueDigests(deps, at('2026-11-25T07:00:00Z'));
    await sendDueDigests(deps, at('2026-11-26T07:00:00Z'));
    expect(digests('bea@example.ch')).toHaveLength(1);
  });

  it('sans confirmation, rien ne part ; la demande non confirmée est effacée après sept jours', async () => {
    const { deps, store, subscribe, submitted, decide, digests } = await setup();
    await subscribe('cleo@example.ch', 'daily');
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    await sendDueDigests(deps, at('2026-11-24T07:00:00Z'));
    expect(digests('cleo@example.ch')).toEqual([]);
    await sendDueDigests(deps, at('2026-12-01T07:00:00Z'));
    expect(await store.alerts.listByEmail('cleo@example.ch')).toEqual([]);
  });

  it('la lettre hebdomadaire part le jeudi matin, pas avant', async () => {
    const { deps, subscribe, submitted, decide, digests } = await setup();
    await confirmAlert(deps.store, await subscribe('dan@example.ch', 'weekly'), MONDAY);
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    await sendDueDigests(deps, at('2026-11-24T07:00:00Z')); // Tuesday
    await sendDueDigests(deps, at('2026-11-26T05:30:00Z')); // Thursday 06:30 in Zurich
    expect(digests('dan@example.ch')).toEqual([]);
    await sendDueDigests(deps, at('2026-11-26T06:30:00Z')); // Thursday 07:30
    expect(digests('dan@example.ch')).toHaveLength(1);
  });

  it('redemander la même alerte ne crée rien de plus et renvoie le même lien tant qu’elle attend', async () => {
    const { deps, store, mailer } = await setup();
    const ask = () => requestAlert(deps, { email: ' Eva@Example.ch ', filter: 'canton=VD', rhythm: 'daily' }, MONDAY);
    await ask();
    await ask();
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[0].text).toBe(mailer.sent[1].text);
    expect(await store.alerts.listByEmail('eva@example.ch')).toHaveLength(1);
    const token = mailer.sent[0].text.match(/\/alertes\/confirmer\/([\w-]+)/)?.[1] ?? '';
    await confirmAlert(store, token, MONDAY);
    await ask();
    expect(mailer.sent).toHaveLength(2);
  });

  it('« Chaque matin » pour une sélection « Ce week-end » est refusé en français, sans rien enregistrer ni envoyer', async () => {
    const { deps, store, mailer } = await setup();
    const ask = requestAlert(deps, { email: 'flo@example.ch', filter: 'quand=week-end', rhythm: 'daily' }, MONDAY);
    await expect(ask).rejects.toMatchObject({ field: 'rythme', message: WEEKEND_IS_WEEKLY });
    expect(mailer.sent).toEqual([]);
    expect(await store.alerts.listByEmail('flo@example.ch')).toEqual([]);
    await requestAlert(deps, { email: 'flo@example.ch', filter: 'quand=week-end', rhythm: 'weekly' }, MONDAY);
    expect(mailer.sent).toHaveLength(1);
  });
});
