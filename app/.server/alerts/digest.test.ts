// The digest of email alerts (decision 048), at the use-case level: what a subscriber receives, and when.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeUser } from '../../../tests/support/factories';
import { mailHarness, memoryStore } from '../../../tests/unit/memory-store';
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
  let clock = MONDAY;
  // The real mail queue (decision 060), on the test's clock: `run` is the alerts job then the mails job.
  const mail = mailHarness(store, { now: () => clock });
  const mailer = { sent: mail.sent };
  const deps: AlertDeps = { store, mailer: mail.mailer, siteUrl: 'https://agenda.test', secret: 'secret-de-test' };
  const run = async (when: Date) => {
    clock = when;
    const summary = await sendDueDigests(deps, when);
    await mail.deliver(when);
    return summary;
  };
  const ask = async (input: Parameters<typeof requestAlert>[1]) => {
    clock = MONDAY;
    await requestAlert(deps, input, MONDAY);
    await mail.deliver(MONDAY);
  };
  /** Asks for an alert and confirms it by the link of its mail. */
  const subscribe = async (email: string, rhythm: 'daily' | 'weekly', filter = 'category=musique&canton=VD') => {
    await ask({ email, filter, rhythm });
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
  return { store, mail, mailer, deps, run, ask, subscribe, submitted, decide, digests };
}

describe('alertes : la lettre des nouveaux événements', () => {
  it('un événement correspondant approuvé part une fois ; en attente, refusé ou hors filtre, jamais', async () => {
    const { deps, run, subscribe, submitted, decide, digests } = await setup();
    const token = await subscribe('ada@example.ch', 'daily');
    const nothingYet = await submitted('Concert approuvé avant la confirmation');
    await decide(nothingYet, 'approve', at('2026-11-23T08:30:00Z'));
    expect(await confirmAlert(deps, token, MONDAY)).toMatchObject({ status: 'active' });

    const jazz = await submitted('Soirée jazz à Lausanne');
    const waiting = await submitted('Concert encore en attente');
    const refused = await submitted('Concert refusé');
    const theatre = await submitted('Pièce de théâtre', { category: 'spectacles' });
    await decide(jazz, 'approve', at('2026-11-23T10:00:00Z'));
    await decide(refused, 'reject', at('2026-11-23T10:00:00Z'));
    await decide(theatre, 'approve', at('2026-11-23T10:00:00Z'));

    // Tuesday 08:00 in Zurich.
    const tuesday = at('2026-11-24T07:00:00Z');
    await run(tuesday);
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
    await run(tuesday);
    await run(at('2026-11-24T15:00:00Z'));
    expect(digests('ada@example.ch')).toHaveLength(1);
  });

  it('un événement modifié puis approuvé à nouveau n’est pas renvoyé ; rien de nouveau, rien d’envoyé', async () => {
    const { deps, run, subscribe, submitted, decide, digests } = await setup();
    // A text search, and a series of three dates: one event, sent once.
    await confirmAlert(deps, await subscribe('bea@example.ch', 'daily', 'q=jazz'), MONDAY);
    const jazz = await submitted('Soirée jazz à Lausanne', {
      startsAt: '2026-12-04T20:00:00+01:00',
      endsAt: '2026-12-18T22:00:00+01:00',
      schedule: {
        kind: 'dates',
        dates: ['2026-12-04', '2026-12-11', '2026-12-18'].map((date) => ({ date, start: '20:00', end: '22:00' })),
      },
    });
    await decide(jazz, 'approve', at('2026-11-23T10:00:00Z'));
    await run(at('2026-11-24T07:00:00Z'));
    expect(digests('bea@example.ch')).toHaveLength(1);
    expect(digests('bea@example.ch')[0].text.match(/Soirée jazz/g)).toHaveLength(1);

    await decide(jazz, 'unpublish', at('2026-11-24T09:00:00Z'));
    await decide(jazz, 'approve', at('2026-11-24T10:00:00Z'));
    await run(at('2026-11-25T07:00:00Z'));
    await run(at('2026-11-26T07:00:00Z'));
    expect(digests('bea@example.ch')).toHaveLength(1);
  });

  it('sans confirmation, rien ne part ; la demande non confirmée est effacée après sept jours', async () => {
    const { run, store, subscribe, submitted, decide, digests } = await setup();
    await subscribe('cleo@example.ch', 'daily');
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    await run(at('2026-11-24T07:00:00Z'));
    expect(digests('cleo@example.ch')).toEqual([]);
    await run(at('2026-12-01T07:00:00Z'));
    expect(await store.alerts.listByEmail('cleo@example.ch')).toEqual([]);
  });

  it('la lettre hebdomadaire part le jeudi matin, pas avant', async () => {
    const { deps, run, subscribe, submitted, decide, digests } = await setup();
    await confirmAlert(deps, await subscribe('dan@example.ch', 'weekly'), MONDAY);
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    await run(at('2026-11-24T07:00:00Z')); // Tuesday
    await run(at('2026-11-26T05:30:00Z')); // Thursday 06:30 in Zurich
    expect(digests('dan@example.ch')).toEqual([]);
    await run(at('2026-11-26T06:30:00Z')); // Thursday 07:30
    expect(digests('dan@example.ch')).toHaveLength(1);
  });

  it('redemander la même alerte ne crée rien de plus et renvoie le même lien tant qu’elle attend', async () => {
    const { store, mailer, ask: askFor } = await setup();
    const ask = () => askFor({ email: ' Eva@Example.ch ', filter: 'canton=VD', rhythm: 'daily' });
    await ask();
    await ask();
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[0].text).toBe(mailer.sent[1].text);
    expect(await store.alerts.listByEmail('eva@example.ch')).toHaveLength(1);
    const token = mailer.sent[0].text.match(/\/alertes\/confirmer\/([\w-]+)/)?.[1] ?? '';
    await confirmAlert({ store }, token, MONDAY);
    await ask();
    expect(mailer.sent).toHaveLength(2);
  });

  it('« Chaque matin » pour une sélection « Ce week-end » est refusé en français, sans rien enregistrer ni envoyer', async () => {
    const { deps, store, mailer, mail, ask } = await setup();
    const daily = requestAlert(deps, { email: 'flo@example.ch', filter: 'quand=week-end', rhythm: 'daily' }, MONDAY);
    await expect(daily).rejects.toMatchObject({ field: 'rythme', message: WEEKEND_IS_WEEKLY });
    await mail.deliver(MONDAY);
    expect(mailer.sent).toEqual([]);
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
    expect(await store.alerts.listByEmail('flo@example.ch')).toEqual([]);
    await ask({ email: 'flo@example.ch', filter: 'quand=week-end', rhythm: 'weekly' });
    expect(mailer.sent).toHaveLength(1);
  });
});

describe('alertes : la lettre et le serveur de mail', () => {
  it('serveur en panne : la lettre attend, ses événements ne comptent pas ; aucune autre tant qu’elle attend ; revenu, une seule part, sans rien répéter ensuite', async () => {
    const { deps, run, mail, store, subscribe, submitted, decide, digests } = await setup();
    await confirmAlert(deps, await subscribe('flo@example.ch', 'daily'), MONDAY);
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    mail.transport.failure = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
    expect(await run(at('2026-11-24T07:00:00Z'))).toMatch(/^1 lettre mise en file/);
    const [alert] = await store.alerts.listByEmail('flo@example.ch');
    expect(alert.sentEventIds).toEqual([]);
    // The next morning, the first digest still waits: no second one with the same concert.
    await decide(await submitted('Quatuor à cordes à Lausanne'), 'approve', at('2026-11-24T10:00:00Z'));
    expect(await run(at('2026-11-25T06:30:00Z'))).toMatch(/^0 lettre mise en file/);
    expect(await store.mails.counts()).toEqual({ pending: 1, sending: 0, failed: 0 });
    // The server is back: the digest leaves once, and its concert counts as sent only now.
    mail.transport.failure = null;
    await mail.deliver(at('2026-11-25T09:00:00Z'));
    expect(digests('flo@example.ch')).toHaveLength(1);
    expect(digests('flo@example.ch')[0].text).toContain('Soirée jazz à Lausanne');
    // The day after: only the quartet, never the concert again.
    await run(at('2026-11-26T07:00:00Z'));
    const [, second] = digests('flo@example.ch');
    expect(second.text).toContain('Quatuor à cordes');
    expect(second.text).not.toContain('Soirée jazz');
    expect(digests('flo@example.ch')).toHaveLength(2);
  });

  it('une lettre refusée pour de bon reste en échec pour les admins, et la suivante reprend ses événements', async () => {
    const { deps, run, mail, store, subscribe, submitted, decide, digests } = await setup();
    await confirmAlert(deps, await subscribe('gil@example.ch', 'daily'), MONDAY);
    await decide(await submitted('Soirée jazz à Lausanne'), 'approve', at('2026-11-23T10:00:00Z'));
    mail.transport.failure = Object.assign(new Error('550 5.1.1 mailbox unavailable'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    await run(at('2026-11-24T07:00:00Z'));
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 1 });
    mail.transport.failure = null;
    await run(at('2026-11-25T07:00:00Z'));
    expect(digests('gil@example.ch')).toHaveLength(1);
    expect(digests('gil@example.ch')[0].text).toContain('Soirée jazz à Lausanne');
    // The failed one gave way to the digest that carried its events: nothing an admin could send twice.
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
  });
});
