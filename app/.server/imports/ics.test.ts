// The feeds of tests/fixtures/ics read as events of the agenda: times in Zurich, all-day events, series as lists of
// dates in the schedule model (moved and cancelled instances, EXRULE, RDATE periods, several RRULEs), cancellations,
// past events left aside, a stable fingerprint, and a clear refusal of what is not iCalendar.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import type { Schedule } from '~/domain/schedule';
import { describeSchedule } from '~/domain/schedule-text';
import { type FeedItem, InvalidFeedError, parseFeed, splitLocation } from './ics';
import { reconcile } from './reconcile';

const DEFAULTS = { category: 'marche', canton: 'VD' as const, organizerName: 'Commune de Nyon' };
/** The clock of these reads (decision 119): the fixtures' dates are in 2027. */
const NOW = new Date('2026-12-01T09:00:00Z');
const fixture = (name: string) => readFileSync(`tests/fixtures/ics/${name}.ics`, 'utf8');
const read = (text: string) => parseFeed(text, DEFAULTS, { now: NOW });
const feed = (name: string) => read(fixture(name));
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
    // A weekly rule reads as the site's own series do, on the event page as in the lists.
    expect(market.schedule).toMatchObject({ kind: 'rule', byDay: ['SA'], exclude: ['2027-04-17'] });
    expect(describeSchedule(market.schedule as Schedule)).toBe(
      'Chaque samedi, 08:00–13:00, du 2 janvier 2027 au 26 juin 2027, sauf le 17 avril 2027',
    );
    const dates = expandSchedule(market.schedule ?? { kind: 'dates', dates: [] });
    expect(dates[0]).toEqual({
      startsAt: '2027-01-02T08:00:00+01:00',
      endsAt: '2027-01-02T13:00:00+01:00',
      openEnd: false,
    });
    expect(dates.map((o) => o.startsAt)).not.toContain('2027-04-17T08:00:00+02:00');
    expect(dates.map((o) => o.startsAt)).toContain('2027-04-24T08:00:00+02:00');
    expect(dates.at(-1)?.startsAt).toBe('2027-06-26T08:00:00+02:00');
    expect(market).toMatchObject({ venueName: 'Place du Château', postalCode: '1260', city: 'Nyon', canton: 'VD' });
    expect(market.description).toBe(
      'Fruits, légumes et fromages des producteurs de la région.\nTous les samedis matin.',
    );
    expect(market.organizerName).toBe('Commune de Nyon');
    expect(market.websiteUrl).toBe('https://www.nyon.ch/marche');

    const council = byUid(items, 'conseil-communal@nyon.ch').content;
    expect(describeSchedule(council.schedule as Schedule)).toBe(
      'Le 2e lundi du mois, 19:30–22:00, du 11 janvier 2027 au 14 juin 2027',
    );
    expect(
      expandSchedule(council.schedule ?? { kind: 'dates', dates: [] }).map((o) => o.startsAt.slice(0, 16)),
    ).toEqual([
      '2027-01-11T19:30',
      '2027-02-08T19:30',
      '2027-03-08T19:30',
      '2027-04-12T19:30',
      '2027-05-10T19:30',
      '2027-06-14T19:30',
    ]);
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
        // Each date ends at its start plus the event's duration (2 h 15).
        { date: '2027-03-28', start: '17:00', end: '19:15' },
      ],
    });
    // 28 March 2027 is the day of the change to summer time: the wall clock is kept.
    expect(play.endsAt).toBe('2027-03-28T19:15:00+02:00');
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
    const { items, errors } = await read(text);
    expect(items.map((i) => i.uid)).toEqual(['bulle-loto-2027@salle-bulle.ch']);
    expect(errors).toEqual([
      { uid: 'bulle-bal-2027@salle-bulle.ch', line: 14, message: 'Date de début (DTSTART) absente ou illisible.' },
    ]);
  });

  it('l’empreinte ne change que si le contenu change', async () => {
    const first = byUid((await feed('commune')).items, 'vide-grenier@nyon.ch');
    expect(byUid((await feed('commune')).items, 'vide-grenier@nyon.ch').fingerprint).toBe(first.fingerprint);
    const changed = await read(fixture('commune').replace('Vide-grenier du quartier de Rive', 'Vide-grenier de Rive'));
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

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\n');
const vevent = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T080000Z',
  `SUMMARY:Événement ${uid}`,
  ...lines,
  'END:VEVENT',
];
const startsOf = (item: FeedItem) =>
  expandSchedule(item.content.schedule ?? { kind: 'dates', dates: [] }).map(
    (o) => `${o.startsAt.slice(0, 16)}–${o.openEnd ? '…' : o.endsAt.slice(11, 16)}`,
  );

describe('les calendriers comme le monde les écrit (issue 71)', () => {
  it('EXRULE, plusieurs RRULE, RDATE en période : les dates qu’un agenda montre', async () => {
    const { items, errors } = await read(
      calendar(
        ...vevent(
          'regles',
          'DTSTART;TZID=Europe/Zurich:20270104T180000',
          'DURATION:PT1H',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
          'RRULE:FREQ=WEEKLY;BYDAY=WE;COUNT=2',
          'EXRULE:FREQ=MONTHLY;BYDAY=2MO',
          'RDATE;VALUE=PERIOD;TZID=Europe/Zurich:20270130T100000/20270130T163000',
        ),
      ),
    );
    expect(errors).toEqual([]);
    expect(startsOf(items[0])).toEqual([
      '2027-01-04T18:00–19:00',
      '2027-01-06T18:00–19:00',
      '2027-01-13T18:00–19:00',
      '2027-01-18T18:00–19:00',
      '2027-01-25T18:00–19:00',
      '2027-01-30T10:00–16:30',
    ]);
  });

  it('une série d’un autre fuseau (nom Windows) finit chaque date à son début plus sa durée', async () => {
    const { items } = await read(
      calendar(
        ...vevent(
          'new-york',
          'DTSTART;TZID=Eastern Standard Time:20270301T070000',
          'DTEND;TZID=Eastern Standard Time:20270301T080000',
          'RRULE:FREQ=WEEKLY;COUNT=3',
        ),
      ),
    );
    // New York moves to summer time on 14 March 2027, Zurich on the 28th: 13:00, then 12:00 for two weeks.
    expect(startsOf(items[0])).toEqual(['2027-03-01T13:00–14:00', '2027-03-08T13:00–14:00', '2027-03-15T12:00–13:00']);
    // Its hours move in Zurich: no weekly rule of the site says them.
    expect(items[0].content.schedule?.kind).toBe('dates');
  });

  it('un événement passé n’est pas importé, il est compté', async () => {
    const { items, past } = await read(
      calendar(
        ...vevent('passe', 'DTSTART;TZID=Europe/Zurich:20250301T190000'),
        ...vevent('avenir', 'DTSTART;TZID=Europe/Zurich:20270301T190000'),
      ),
    );
    expect([items.map((i) => i.uid), past]).toEqual([['avenir'], 1]);
  });

  it('refus qui disent ce qui manque : END:VCALENDAR, et pourquoi aucun événement ne se lit', async () => {
    await expect(read('BEGIN:VCALENDAR\nVERSION:2.0\n')).rejects.toThrow('END:VCALENDAR introuvable');
    await expect(
      read(calendar(...vevent('x', 'DTSTART;TZID=Europe/Zurich:20270301T190000', 'CE N’EST PAS UNE LIGNE'))),
    ).rejects.toThrow(/aucun de ses événements ne se lit \(ligne «\u00a0CE N’EST PAS UNE LIGNE\u00a0» illisible\)/);
  });

  it('le canton vient du lieu de l’événement quand il en a un', async () => {
    const { items } = await read(
      calendar(
        ...vevent(
          'geneve',
          'DTSTART;TZID=Europe/Zurich:20270301T190000',
          'LOCATION:Salle, Rue du Rhône 1, 1204 Genève',
        ),
        ...vevent('sans-lieu', 'DTSTART;TZID=Europe/Zurich:20270301T190000'),
      ),
    );
    expect(items.map((i) => i.content.canton)).toEqual(['GE', 'VD']);
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
