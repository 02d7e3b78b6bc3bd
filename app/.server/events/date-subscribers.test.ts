// Issue 70, what the outside walk still found about cancelled and restored dates: a date cancelled from the dashboard
// mails those who asked « Me prévenir » and keeps its note; a restore is not « Confirmé »; the confirmation mail of
// « Me prévenir » says only the times the event has.
import { describe, expect, it } from 'vitest';
import { makeSaturdayMarket, makeSeriesEvent, makeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { dayStatusOf } from '../../domain/day-status';
import { confirmAlert } from '../alerts/alerts';
import { requestDayStatusAlert } from '../alerts/day-status-alerts';
import { cancelOrRestoreDate } from './cancel-date';
import { dayStatusView, sayDayStatus } from './day-status';
import { seriesView } from './series';

const SECRET = 'secret-de-test-assez-long-pour-hmac-000000';
const NOW = new Date('2030-03-01T10:00:00Z');
const SECOND = '2030-03-16T08:00:00+01:00';
const orga = makeUser({ uid: 'orga', role: 'organizer' });

/** « Marché » every Saturday from 9 March 2030 (three dates), published, and a visitor who confirmed « Me prévenir ». */
async function setup(rule = makeSaturdayMarket({ firstDate: '2030-03-09', count: 3 })) {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
  const event = makeSeriesEvent(
    rule,
    { id: 'marche', title: 'Marché', status: 'approved', createdBy: 'orga' },
    { now: NOW },
  );
  await store.events.insertMany([event]);
  const mailer = recordingMailer();
  const services = { store, mailer, config: { SITE_URL: 'https://agenda.test', SESSION_SECRET: SECRET } };
  const deps = { store, mailer, siteUrl: 'https://agenda.test', secret: SECRET };
  await requestDayStatusAlert(deps, { email: 'ami@exemple.ch', event }, NOW);
  const confirm = (mailer.sent[0].text.match(/https:\/\/agenda\.test\/alertes\/confirmer\/([\w-]+)/) ?? [])[1];
  await confirmAlert(deps, confirm, NOW);
  const confirmation = mailer.sent[0];
  mailer.sent.length = 0;
  return { store, mailer, services, confirmation };
}

describe('une date annulée depuis le tableau de bord', () => {
  it('prévient les abonné·es par email, avec la note, et la garde barrée avec sa note dans la liste des dates', async () => {
    const { store, mailer, services } = await setup();
    const input = { eventId: 'marche', startsAt: SECOND, cancelled: true, back: 'tableau-de-bord' as const };
    const { flash } = await cancelOrRestoreDate(services, orga, { ...input, note: '  Stand   en travaux ' }, NOW);
    expect(flash.message).toContain('La personne abonnée est prévenue par email.');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: 'ami@exemple.ch',
      subject: 'Annulé\u00a0: Marché, samedi 16 mars 2030 à 08:00',
    });
    expect(mailer.sent[0].text).toContain('Stand en travaux');
    const stored = await store.events.findById('marche');
    expect(dayStatusOf(stored?.dayStatuses, SECOND)).toMatchObject({ kind: 'cancelled', note: 'Stand en travaux' });
    // The event's page: the date listed, cancelled, with its note.
    const view = await seriesView({ store }, stored as never, null, NOW);
    expect(view?.upcoming.map((d) => [d.cancelled, d.note])).toEqual([
      [false, ''],
      [true, 'Stand en travaux'],
      [false, ''],
    ]);

    // Restored: « A lieu finalement » to the same subscribers, and no status left that the page would show.
    const back = await cancelOrRestoreDate(services, orga, { ...input, cancelled: false }, NOW);
    expect(back.flash).toMatchObject({ kind: 'success' });
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1].subject).toBe('A lieu finalement\u00a0: Marché, samedi 16 mars 2030 à 08:00');
    expect(dayStatusOf((await store.events.findById('marche'))?.dayStatuses, SECOND)).toBeNull();
  });

  it('une note trop longue est refusée en français, rien n’est annulé ni envoyé', async () => {
    const { store, mailer, services } = await setup();
    const input = { eventId: 'marche', startsAt: SECOND, cancelled: true, back: 'evenement' as const };
    const { flash } = await cancelOrRestoreDate(services, orga, { ...input, note: 'x'.repeat(201) }, NOW);
    expect(flash).toEqual({ kind: 'error', message: 'La note tient en 200\u00a0caractères au plus.' });
    expect((await store.events.findById('marche'))?.cancelledDates ?? []).toEqual([]);
    expect(mailer.sent).toHaveLength(0);
  });
});

describe('« Rétablir cette date » n’est pas « Confirmé »', () => {
  it('la page montre la date comme avant, sans statut ; le mail dit « A lieu finalement »', async () => {
    const { store, mailer, services } = await setup();
    const saturday = '2030-03-09T08:00:00+01:00';
    const say = (statut: string, at: Date) =>
      sayDayStatus(services, orga, { eventId: 'marche', startsAt: saturday, values: { statut } }, at);
    await say('cancelled', new Date('2030-03-08T20:10:00Z'));
    const after = new Date('2030-03-09T06:30:00Z');
    const { event, restored } = await say('confirmed', after);
    expect(restored).toBe(true);
    expect(event.cancelledDates ?? []).toEqual([]);
    expect(dayStatusView(event, saturday, null, after)).toMatchObject({ text: null, kind: null });
    expect(mailer.sent.map((m) => m.subject)).toEqual([
      'Annulé\u00a0: Marché, samedi 9 mars 2030 à 08:00',
      'A lieu finalement\u00a0: Marché, samedi 9 mars 2030 à 08:00',
    ]);
    // Said « Confirmé » afterwards, it is a confirmation again.
    const confirmed = await say('confirmed', new Date('2030-03-09T06:40:00Z'));
    expect(confirmed.restored).toBe(false);
    expect(dayStatusOf(confirmed.event.dayStatuses, saturday)?.kind).toBe('confirmed');
    expect(await store.events.findById('marche')).toBeTruthy();
  });
});

describe('le mail de confirmation de « Me prévenir »', () => {
  it('une série sans heure de fin : ses jours, aucune heure de fin inventée', async () => {
    const { confirmation } = await setup(makeSaturdayMarket({ firstDate: '2030-03-09', count: 3, end: '' }));
    expect(confirmation.text).toContain('(chacune de ses dates, du samedi 9 mars 2030 au samedi 23 mars 2030)');
    expect(confirmation.text).not.toMatch(/23:59|\d\d:\d\d au/);
  });
});
