// « Ça a lieu ? » on the day: the organizer says it on the date's day or the day before; « Annulé » cancels that date as the
// dashboard does; the visitors who confirmed their request get one mail per change, the others none.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket, makeSeriesEvent, makeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { dayStatusOf } from '../../domain/day-status';
import type { AgendaEvent } from '../../domain/event';
import { dayStatusLine } from '../../domain/event-card';
import { alertToken, confirmAlert, unsubscribeAlert } from '../alerts/alerts';
import { requestDayStatusAlert } from '../alerts/day-status-alerts';
import { apiEvent } from '../api/representation';
import { buildICalendar } from '../feeds/calendar';
import { UseCaseError } from '../platform/use-case-error';
import { datesToSay, sayDayStatus } from './day-status';

const rule = makeSaturdayMarket({ firstDate: '2030-03-09', count: 3 });
const SATURDAY = '2030-03-09T08:00:00+01:00';
const ON_THE_DAY = new Date('2030-03-09T07:12:00Z');
const SECRET = 'secret-de-test-assez-long-pour-hmac-000000';

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  const orga = makeUser({ uid: 'orga', role: 'organizer' });
  await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
  await store.events.insertMany([
    makeSeriesEvent(
      rule,
      { id: 'marche', title: 'Marché', status: 'approved', createdBy: 'orga' },
      { now: new Date('2030-03-01T10:00:00Z') },
    ),
  ]);
  const mailer = recordingMailer();
  const services = { store, mailer, config: { SITE_URL: 'https://agenda.test', SESSION_SECRET: SECRET } };
  const deps = { store, mailer, siteUrl: 'https://agenda.test', secret: SECRET };
  /** The organiser says this status for the Saturday of « Marché ». */
  const say = (values: Parameters<typeof sayDayStatus>[2]['values'], at: Date) =>
    sayDayStatus(services, orga, { eventId: 'marche', startsAt: SATURDAY, values }, at);
  return { store, mailer, services, deps, orga, say };
}

const tokenOf = (url: string) => url.split('/').pop() as string;
const linkIn = (text: string, path: string) =>
  (text.match(new RegExp(`https://agenda\\.test/alertes/${path}/[\\w-]+`)) ?? [''])[0];

describe('ça a lieu ? le jour même', () => {
  it('l’organisateur dit « Confirmé » le jour même, avec l’heure ; la veille aussi, pas l’avant-veille', async () => {
    const { services, orga, store } = await setup();
    const input = { eventId: 'marche', startsAt: SATURDAY, values: { statut: 'confirmed', note: 'Beau temps' } };
    await expect(sayDayStatus(services, orga, input, new Date('2030-03-07T20:00:00Z'))).rejects.toThrow(UseCaseError);
    const eve = await sayDayStatus(services, orga, input, new Date('2030-03-08T19:00:00Z'));
    expect(eve.status.saidAt).toBe('2030-03-08T19:00:00.000Z');
    const { status } = await sayDayStatus(services, orga, input, ON_THE_DAY);
    expect(status).toMatchObject({ kind: 'confirmed', note: 'Beau temps', saidAt: ON_THE_DAY.toISOString() });
    const stored = await store.events.findById('marche');
    expect(stored?.dayStatuses).toHaveLength(1);
    // A calendar takes over its copy: the SEQUENCE grew.
    expect(stored?.icalSequence).toBeGreaterThan(0);
  });

  it('« selon la météo » : « Confirmation le jour même » jusqu’au statut, puis l’API et la carte le disent avec l’heure', async () => {
    const { services, orga, store } = await setup();
    const before = await store.events.findById('marche');
    if (!before) throw new Error('pas d’événement');
    await store.events.transition({
      seen: before.updatedAt,
      next: { ...before, weatherDependent: true, updatedAt: `${before.updatedAt}1` },
    });
    const weather = (await store.events.findById('marche')) as AgendaEvent;
    expect(dayStatusLine({ ...weather, startsAt: SATURDAY })).toBe('Confirmation le jour même');
    const input = { eventId: 'marche', startsAt: SATURDAY, values: { statut: 'confirmed' } };
    const { event } = await sayDayStatus(services, orga, input, ON_THE_DAY);
    const item = { ...event, startsAt: SATURDAY };
    expect(dayStatusLine(item)).toBe('Confirmé le sam. 9 mars à\u00a008:12');
    expect(apiEvent(item, 'https://agenda.test', DEFAULT_CATEGORIES).dayStatus).toMatchObject({
      status: 'confirmed',
      saidAt: '2030-03-09T08:12:00+01:00',
    });
  });

  it('un autre compte ne peut pas le dire', async () => {
    const { services } = await setup();
    const stranger = makeUser({ uid: 'autre', role: 'organizer' });
    await expect(
      sayDayStatus(
        services,
        stranger,
        { eventId: 'marche', startsAt: SATURDAY, values: { statut: 'confirmed' } },
        ON_THE_DAY,
      ),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('« Annulé » annule cette date comme le tableau de bord : STATUS:CANCELLED pour elle seule', async () => {
    const { say, store } = await setup();
    await say({ statut: 'cancelled' }, ON_THE_DAY);
    const stored = await store.events.findById('marche');
    expect(stored?.cancelledDates).toEqual([SATURDAY]);
    const ics = buildICalendar([stored as never], { siteUrl: 'https://agenda.test', name: 'x' } as never);
    expect(ics.match(/STATUS:CANCELLED/g)).toHaveLength(1);
  });

  it('un événement d’une seule date annulé par « Annulé » se rétablit par un autre statut, pas celui annulé par l’équipe', async () => {
    const { services, orga, store } = await setup();
    const one = makeEvent(
      { id: 'concert', status: 'approved', createdBy: 'orga', startsAt: SATURDAY, endsAt: '2030-03-09T12:00:00+01:00' },
      { now: new Date('2030-03-01T10:00:00Z') },
    );
    await store.events.insertMany([one]);
    const say = (statut: string) =>
      sayDayStatus(services, orga, { eventId: 'concert', startsAt: SATURDAY, values: { statut } }, ON_THE_DAY);
    await say('cancelled');
    expect((await store.events.findById('concert'))?.status).toBe('cancelled');
    // Still spoken of on its page and dashboard: « Rétablir » is offered there (issue 70).
    const cancelled = (await store.events.findById('concert')) as AgendaEvent;
    expect(datesToSay(cancelled, orga, ON_THE_DAY)).toEqual([SATURDAY]);
    const { event } = await say('confirmed');
    expect(event.status).toBe('approved');
    // Restored, not « Confirmé » (issue 70): as before anything was said.
    expect(dayStatusOf(event.dayStatuses, SATURDAY)).toBeNull();
    // Cancelled by the team: only an admin puts it back.
    expect(datesToSay({ ...cancelled, cancelledByAdmin: true }, orga, ON_THE_DAY)).toEqual([]);
  });
});

describe('me prévenir par email', () => {
  it('double opt-in : rien avant la confirmation, un mail par changement après, plus rien une fois désabonné', async () => {
    const { say, mailer, deps, store } = await setup();
    const event = await store.events.findById('marche');
    if (!event) throw new Error('pas d’événement');
    await requestDayStatusAlert(deps, { email: 'Ami@Exemple.ch', event }, new Date('2030-03-05T10:00:00Z'));
    await requestDayStatusAlert(deps, { email: 'jamais@exemple.ch', event }, new Date('2030-03-05T10:00:00Z'));
    expect(mailer.sent.map((m) => m.to)).toEqual(['ami@exemple.ch', 'jamais@exemple.ch']);
    const confirm = linkIn(mailer.sent[0].text, 'confirmer');
    expect(await confirmAlert(deps, tokenOf(confirm), new Date('2030-03-05T10:05:00Z'))).toMatchObject({
      status: 'active',
    });
    mailer.sent.length = 0;

    await say({ statut: 'confirmed' }, ON_THE_DAY);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'ami@exemple.ch' });
    expect(mailer.sent[0].subject).toBe('Confirmé\u00a0: Marché, samedi 9 mars 2030 à 08:00');
    expect(mailer.sent[0].headers?.['List-Unsubscribe']).toMatch(/alertes\/desabonner\//);

    const later = new Date('2030-03-09T09:05:00Z');
    await say({ statut: 'cancelled', note: 'Orage' }, later);
    expect(mailer.sent).toHaveLength(2);
    expect(mailer.sent[1].subject).toBe('Annulé\u00a0: Marché, samedi 9 mars 2030 à 08:00');
    expect(mailer.sent[1].text).toContain('annulé, annoncé le samedi 9 mars à\u00a010:05');
    expect(mailer.sent[1].text).toContain('Orage');

    const active = (await store.alerts.listActive())[0];
    expect(await unsubscribeAlert(deps, alertToken(SECRET, active))).toBe(true);
    await say({ statut: 'confirmed' }, later);
    expect(mailer.sent).toHaveLength(2);
  });

  it('annulé la veille au soir puis rétabli : la date dans le sujet, le jour écrit, « a lieu finalement »', async () => {
    // Issue 70: the subject lacked the date, the body said « ce matin » of a cancellation sent the evening before,
    // and « Rétablir » mailed « Confirmé ».
    const { say, mailer, deps, store } = await setup();
    const event = await store.events.findById('marche');
    if (!event) throw new Error('pas d’événement');
    await requestDayStatusAlert(deps, { email: 'ami@exemple.ch', event }, new Date('2030-03-05T10:00:00Z'));
    await confirmAlert(deps, tokenOf(linkIn(mailer.sent[0].text, 'confirmer')), new Date('2030-03-05T10:05:00Z'));
    mailer.sent.length = 0;
    await say({ statut: 'cancelled', note: 'Pluie annoncée' }, new Date('2030-03-08T20:10:00Z'));
    const [cancelled] = mailer.sent;
    expect(cancelled.subject).toBe('Annulé\u00a0: Marché, samedi 9 mars 2030 à 08:00');
    expect(cancelled.text).toContain(
      '«\u00a0Marché\u00a0», samedi 9 mars 2030 à 08:00\u00a0: annulé, annoncé le vendredi 8 mars à\u00a021:10.',
    );
    expect(cancelled.text).not.toMatch(/ce matin|ce soir|cet après-midi/);
    expect(cancelled.text).toContain('/evenement/marche?date=2030-03-09');
    await say({ statut: 'confirmed' }, new Date('2030-03-09T06:30:00Z'));
    const restored = mailer.sent[1];
    expect(restored.subject).toBe('A lieu finalement\u00a0: Marché, samedi 9 mars 2030 à 08:00');
    expect(restored.text).toContain('a lieu finalement. L’annulation est retirée (le samedi 9 mars à\u00a007:30).');
    expect(restored.subject).not.toContain('Confirmé');
  });

  it('une adresse invalide est refusée en français', async () => {
    const { deps, store } = await setup();
    const event = await store.events.findById('marche');
    await expect(requestDayStatusAlert(deps, { email: 'pas-une-adresse', event: event as never })).rejects.toThrow(
      'Saisissez une adresse email valide',
    );
  });
});
