import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../tests/support/factories';
import SEED from '../.server/seed/school-holidays.json';
import { CANTON_CODES } from './cantons';
import { addDaysToDate } from './dates';
import { toEventCard } from './event-card';
import { checkHoliday, comingHolidays, holidayOn, holidayWindows, type SchoolHoliday } from './school-holidays';

const periods: SchoolHoliday[] = SEED.map((p, i) => ({ ...p, id: String(i) }) as SchoolHoliday);

describe('le tableau des vacances scolaires', () => {
  it('couvre chaque canton romand et le Jura bernois sur 2026-2027 et 2027-2028', () => {
    for (const canton of CANTON_CODES) {
      const own = periods.filter((p) => p.canton === canton);
      expect(own.some((p) => p.firstDay.startsWith('2026-10') || p.firstDay.startsWith('2026-09'))).toBe(true);
      expect(own.some((p) => p.lastDay.startsWith('2028-08'))).toBe(true);
    }
  });

  it('les prochaines vacances d’un canton, en mots, au-dessus de la liste filtrée sur elles', () => {
    // On 28 November, Vaud's autumn holidays are over: the next three, the year said once it is the next one.
    const now = new Date('2026-11-28T10:00:00+01:00');
    expect(comingHolidays(periods, 'VD', { from: '', now })).toEqual([
      'Vacances d’hiver du jeu. 24 déc. au dim. 10 janv. 2027',
      'Relâches du sam. 6 févr. au dim. 14 févr. 2027',
      'Vacances de Pâques du ven. 26 mars au dim. 11 avr. 2027',
    ]);
    // From a date chosen in the filters: the holidays not over by then, the year said once it is that date's.
    expect(comingHolidays(periods, 'VD', { from: '2027-02-10', now, count: 1 })).toEqual([
      'Relâches du sam. 6 févr. au dim. 14 févr.',
    ]);
  });

  for (const p of periods) {
    it(`${p.canton} ${p.label} du ${p.firstDay} au ${p.lastDay} : les deux bords dedans, la veille et le lendemain dehors`, () => {
      expect(holidayOn(periods, p.canton, p.firstDay)).toBe(p);
      expect(holidayOn(periods, p.canton, p.lastDay)).toBe(p);
      expect(holidayOn(periods, p.canton, addDaysToDate(p.firstDay, -1))).toBeNull();
      expect(holidayOn(periods, p.canton, addDaysToDate(p.lastDay, 1))).toBeNull();
      // Another canton's period is never this canton's.
      const other = CANTON_CODES.find((c) => c !== p.canton && !holidayOn(periods, c, p.firstDay));
      if (other) expect(holidayOn(periods, other, p.firstDay)).toBeNull();
    });
  }

  it('chaque période du fichier passe la vérification du formulaire et dit sa source', () => {
    for (const p of SEED) {
      expect(checkHoliday(p).ok).toBe(true);
      expect(p.sourceUrl).toMatch(/^https:\/\//);
    }
  });
});

describe('les fenêtres du filtre', () => {
  const vd = periods.filter((p) => p.canton === 'VD');
  const autumn = vd.find((p) => p.firstDay === '2026-10-10') as SchoolHoliday;

  it('va de minuit à Zurich du premier jour à minuit du lendemain du dernier', () => {
    const [w] = holidayWindows([autumn], 'VD', new Date('2026-01-01T00:00:00Z'), null);
    expect(w.start.toISOString()).toBe('2026-10-09T22:00:00.000Z');
    // 26 octobre 2026 : l’heure d’hiver (UTC+1) depuis le 25.
    expect(w.end.toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('coupe les périodes à l’intervalle demandé et laisse les autres cantons', () => {
    const from = new Date('2026-10-15T10:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    const windows = holidayWindows(periods, 'VD', from, to);
    // Les vacances d’hiver 2026-2027 lues dans le fichier : minuit à Zurich (UTC+1) de leur premier jour.
    const winter = vd.find((p) => p.firstDay.startsWith('2026-12')) as SchoolHoliday;
    const winterStart = `${addDaysToDate(winter.firstDay, -1)}T23:00:00.000Z`;
    expect(windows.map((w) => w.start.toISOString())).toEqual([from.toISOString(), winterStart]);
    expect(windows[1].end).toEqual(to);
    expect(holidayWindows(periods, 'VD', new Date('2030-01-01T00:00:00Z'), null)).toEqual([]);
  });
});

describe('la vérification d’une période', () => {
  const good = {
    canton: 'vd',
    label: ' Relâches ',
    firstDay: '2029-02-10',
    lastDay: '2029-02-18',
    sourceUrl: 'https://www.vd.ch/',
    confirmed: true,
  };
  it('accepte une période et la remet en forme', () => {
    expect(checkHoliday(good)).toEqual({ ok: true, value: { ...good, canton: 'VD', label: 'Relâches' } });
  });
  it('refuse en français un canton, des dates ou une source qui ne vont pas', () => {
    const result = checkHoliday({ ...good, canton: 'ZH', firstDay: '2029-02-30', sourceUrl: 'javascript:alert(1)' });
    expect(result).toEqual({
      ok: false,
      errors: {
        canton: 'Canton inconnu (GE, VD, VS, NE, FR, JU ou BE pour le Jura bernois)',
        firstDay: 'Premier jour invalide (AAAA-MM-JJ)',
        sourceUrl: 'La source doit être une adresse http(s) valide',
      },
    });
    expect(checkHoliday({ ...good, lastDay: '2029-02-09' })).toMatchObject({
      errors: { lastDay: 'Le dernier jour précède le premier' },
    });
  });
});

describe('la marque « Vacances (VD) » d’une carte', () => {
  const card = (canton: string, startsAt: string) =>
    toEventCard(
      makeEvent({ canton: canton as SchoolHoliday['canton'], startsAt, endsAt: startsAt }, { now: new Date(startsAt) }),
      { holidays: periods },
    ).holiday;
  it('suit le canton de l’événement et ses bords, en jours de Zurich', () => {
    // Samedi 10 octobre 2026, 00:30 à Zurich : premier jour des vacances vaudoises.
    expect(card('VD', '2026-10-09T22:30:00.000Z')).toBe('Vacances (VD)');
    expect(card('VD', '2026-10-09T21:30:00.000Z')).toBeNull();
    expect(card('VD', '2026-10-25T18:00:00.000Z')).toBe('Vacances (VD)');
    expect(card('VD', '2026-10-26T08:00:00.000Z')).toBeNull();
    // Le même jour, Genève n’est pas encore en vacances.
    expect(card('GE', '2026-10-12T08:00:00.000Z')).toBeNull();
  });

  it('dans une liste filtrée sur les vacances d’un canton, se dit de ce canton', () => {
    // An outside tester filtering on Geneva's holidays read « Vacances (VD) » on a Vaud event, and nothing on others.
    const inGeneva = (canton: string, startsAt: string) =>
      toEventCard(makeEvent({ canton: canton as SchoolHoliday['canton'], startsAt, endsAt: startsAt }), {
        holidays: periods,
        holidaysOf: 'GE',
      }).holiday;
    const christmas = periods.find((p) => p.canton === 'GE' && p.firstDay.startsWith('2026-12'));
    const day = `${christmas?.firstDay}T10:00:00.000Z`;
    expect(inGeneva('VD', day)).toBe('Vacances (GE)');
    expect(inGeneva('GE', day)).toBe('Vacances (GE)');
    expect(inGeneva('VD', '2026-11-30T10:00:00.000Z')).toBeNull();
  });
});
