// The feeds of tests/fixtures/ics read as events of the agenda: times in Zurich, all-day events, rules and lists of
// dates in the schedule model, cancellations, a stable fingerprint, and a clear refusal of what is not iCalendar.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import { type FeedItem, InvalidFeedError, parseFeed, splitLocation } from './ics';
import { reconcile } from './reconcile';

const DEFAULTS = { category: 'marche', canton: 'VD' as const, organizerName: 'Commune de Nyon' };
const fixture = (name: string) => readFileSync(`tests/fixtures/ics/${name}.ics`, 'utf8');
const feed = (name: string) => parseFeed(fixture(name), DEFAULTS);
const cancelledFeed = await feed('cancelled');
const byUid = (items: FeedItem[], uid: string) => {
  const item = items.find((i) => i.uid === uid);
  if (!item) throw new Error(`UID ${uid} absent`);
  return item;
};

describe('lecture d’un calendrier iCalendar', () => {
  it('une commune : règle hebdomadaire avec exception, règle mensuelle, date unique', async () => {
    const { items, errors } = await feed('commune');
    expect(errors).toEqual([]);
    const market = byUid(items, 'marche-hebdo@nyon.ch').content;
    expect(market.schedule).toMatchObject({
      kind: 'rule',
      freq: 'weekly',
      byDay: ['SA'],
      start: '08:00',
      end: '13:00',
    });
    expect(market.schedule).toMatchObject({ firstDate: '2027-01-02', until: '2027-06-27', exclude: ['2027-04-17'] });
    const dates = expandSchedule(market.schedule ?? { kind: 'dates', dates: [] }).map((o) => o.startsAt);
    expect(dates).not.toContain('2027-04-17T08:00:00+02:00');
    expect(dates).toContain('2027-04-24T08:00:00+02:00');
    expect(dates[0]).toBe('2027-01-02T08:00:00+01:00');
    expect(market).toMatchObject({ venueName: 'Place du Château', postalCode: '1260', city: 'Nyon', canton: 'VD' });
    expect(market.description).toBe(
      'Fruits, légumes et fromages des producteurs de la région.\nTous les samedis matin.',
    );
    expect(market.organizerName).toBe('Commune de Nyon');
    expect(market.websiteUrl).toBe('https://www.nyon.ch/marche');

    const council = byUid(items, 'conseil-communal@nyon.ch').content;
    expect(council.schedule).toMatchObject({
      kind: 'rule',
      freq: 'monthly',
      monthly: { mode: 'weekday', nth: 2, weekday: 'MO' },
      count: 6,
    });
    expect(council.startsAt).toBe('2027-01-11T19:30:00+01:00');
    expect(council).toMatchObject({ venueName: 'Salle du Conseil communal', street: 'Place du Marché 1' });

    const single = byUid(items, 'vide-grenier@nyon.ch').content;
    expect(single).toMatchObject({ startsAt: '2027-05-15T09:00:00+02:00', endsAt: '2027-05-15T17:00:00+02:00' });
    expect(single.schedule).toBeNull();
  });

  it('une salle : TZID=Europe/Zurich, dates supplémentaires (RDATE) et événements sur la journée', async () => {
    const { items } = await feed('venue');
    const play = byUid(items, 'passage-2027-03-tartuffe').content;
    expect(play.schedule).toEqual({
      kind: 'dates',
      dates: [
        { date: '2027-03-26', start: '20:00', end: '22:15' },
        { date: '2027-03-27', start: '20:00', end: '22:15' },
        { date: '2027-03-28', start: '17:00', end: '22:15' },
      ],
    });
    // 28 March 2027 is the day of the change to summer time: the wall clock is kept.
    expect(play.endsAt).toBe('2027-03-28T22:15:00+02:00');
    const day = byUid(items, 'passage-2027-04-portes-ouvertes').content;
    expect(day).toMatchObject({
      allDay: true,
      startsAt: '2027-04-10T00:00:00+02:00',
      endsAt: '2027-04-10T23:59:00+02:00',
    });
    const festival = byUid(items, 'passage-2027-06-festival').content;
    expect(festival).toMatchObject({
      allDay: true,
      startsAt: '2027-06-18T00:00:00+02:00',
      endsAt: '2027-06-20T23:59:00+02:00',
    });
  });

  it('un export Google Agenda : heures UTC ramenées à Zurich, HTML de la description en texte', async () => {
    const { items } = await feed('google');
    const concert = byUid(items, '4s0j2tq5h7k9vq3u1m8bq2c6de@google.com').content;
    expect(concert).toMatchObject({ startsAt: '2027-02-05T19:00:00+01:00', endsAt: '2027-02-05T22:00:00+01:00' });
    expect(concert).toMatchObject({ venueName: 'Théâtre de Valère', postalCode: '1950', city: 'Sion' });
    expect(concert.description).toBe('Programme : Mozart, Haydn.\nBillets à l’office du tourisme.');
    expect(byUid(items, '1a2b3c4d5e6f7g8h9i0jklmnop@google.com').content.allDay).toBe(true);
  });

  it('STATUS:CANCELLED est lu ; sans fin, l’événement a une fin ouverte', async () => {
    const { items } = await feed('cancelled');
    expect(byUid(items, 'bulle-loto-2027@salle-bulle.ch').cancelled).toBe(true);
    const ball = byUid(items, 'bulle-bal-2027@salle-bulle.ch');
    expect(ball.cancelled).toBe(false);
    expect(ball.content).toMatchObject({ openEnd: true, startsAt: '2027-03-12T21:00:00+01:00' });
  });

  it('un fichier qui n’est pas un calendrier est refusé en français', async () => {
    await expect(feed('invalid')).rejects.toThrow(InvalidFeedError);
    await expect(feed('invalid')).rejects.toThrow('n’est pas un calendrier iCalendar');
  });

  it('un VEVENT sans titre ni date est une erreur avec son UID et sa ligne, les autres sont lus', async () => {
    const text = fixture('cancelled')
      .replace('SUMMARY:Bal populaire\n', '')
      .replace('DTSTART;TZID=Europe/Zurich:20270312T210000\n', '');
    const { items, errors } = await parseFeed(text, DEFAULTS);
    expect(items.map((i) => i.uid)).toEqual(['bulle-loto-2027@salle-bulle.ch']);
    expect(errors).toEqual([
      { uid: 'bulle-bal-2027@salle-bulle.ch', line: 14, message: 'Date de début (DTSTART) absente ou illisible.' },
    ]);
  });

  it('l’empreinte ne change que si le contenu change', async () => {
    const first = byUid((await feed('commune')).items, 'vide-grenier@nyon.ch');
    expect(byUid((await feed('commune')).items, 'vide-grenier@nyon.ch').fingerprint).toBe(first.fingerprint);
    const changed = await parseFeed(
      fixture('commune').replace('Vide-grenier du quartier de Rive', 'Vide-grenier de Rive'),
      DEFAULTS,
    );
    expect(byUid(changed.items, 'vide-grenier@nyon.ch').fingerprint).not.toBe(first.fingerprint);
  });

  it('lieu sans NPA : le dernier élément est la localité', () => {
    expect(splitLocation('Salle communale, Morges')).toEqual({
      venueName: 'Salle communale',
      street: '',
      postalCode: '',
      city: 'Morges',
    });
  });
});

describe('rapprochement d’un passage avec ce qui est enregistré', () => {
  const items = cancelledFeed.items;
  const link = (uid: string, fingerprint: string, extra = {}) => ({
    sourceId: 's',
    uid,
    eventId: `e-${uid}`,
    duplicateOf: null,
    fingerprint,
    cancelled: false,
    gone: false,
    ...extra,
  });

  it('nouveau, inchangé, modifié, annulé, retiré', () => {
    const [loto, ball] = [
      byUid(items, 'bulle-loto-2027@salle-bulle.ch'),
      byUid(items, 'bulle-bal-2027@salle-bulle.ch'),
    ];
    expect(reconcile(items, []).map((s) => s.kind)).toEqual(['unchanged', 'new']);
    const plan = reconcile(items, [link(loto.uid, 'old'), link(ball.uid, ball.fingerprint), link('parti', 'x')]);
    expect(plan.map((s) => s.kind)).toEqual(['cancelled', 'unchanged', 'withdrawn']);
    expect(reconcile([ball], [link(ball.uid, 'old')]).map((s) => s.kind)).toEqual(['updated']);
  });

  it('un doublon signalé reste signalé et ne modifie jamais l’autre événement', () => {
    const ball = byUid(items, 'bulle-bal-2027@salle-bulle.ch');
    const plan = reconcile([ball], [link(ball.uid, 'old', { eventId: null, duplicateOf: 'autre' })]);
    expect(plan.map((s) => s.kind)).toEqual(['unchanged']);
  });
});
