// « Ça a lieu ? »: how a day status reads (fr-CH, Europe/Zurich, with its day), who may say it when, the form.
import { describe, expect, it } from 'vitest';
import { type DayStatus, dayStatusText, maySayDayStatus, readDayStatusForm, saidWhen } from './day-status';
import { zurichIso } from './zurich-iso';

const NBSP = '\u00a0';
const status = (over: Partial<DayStatus>): DayStatus => ({
  startsAt: '2026-12-05T18:00:00+01:00',
  kind: 'confirmed',
  note: '',
  postponedTo: null,
  movedTo: '',
  saidAt: '2026-12-05T08:12:00+01:00',
  saidBy: 'orga',
  ...over,
});

describe('le statut du jour en mots', () => {
  it('« Confirmé le sam. 5 déc. à 08:12 » : le jour toujours dit, lu un autre jour (issue 70)', () => {
    expect(dayStatusText(status({}))).toBe(`Confirmé le sam. 5 déc. à${NBSP}08:12`);
    expect(dayStatusText(status({ kind: 'cancelled', saidAt: '2026-12-05T14:05:00+01:00' }))).toBe(
      `Annulé le sam. 5 déc. à${NBSP}14:05`,
    );
    expect(saidWhen('2026-12-05T19:30:00+01:00')).toBe(`le sam. 5 déc. à${NBSP}19:30`);
  });
  it('la veille au soir, son jour à l’heure de Zurich, jamais « ce matin » ni « hier »', () => {
    expect(saidWhen('2026-12-04T21:10:00+01:00')).toBe(`le ven. 4 déc. à${NBSP}21:10`);
    expect(saidWhen('2026-12-03T23:30:00Z')).toBe(`le ven. 4 déc. à${NBSP}00:30`);
  });
  it('reporté et déplacé disent où et quand, puis quand c’était annoncé', () => {
    expect(dayStatusText(status({ kind: 'postponed', postponedTo: '2026-12-06T14:00:00+01:00' }))).toBe(
      `Reporté au dimanche 6 décembre à${NBSP}14:00 — annoncé le sam. 5 déc. à${NBSP}08:12`,
    );
    expect(dayStatusText(status({ kind: 'moved', movedTo: 'Salle communale' }))).toBe(
      `Déplacé à${NBSP}: Salle communale — annoncé le sam. 5 déc. à${NBSP}08:12`,
    );
  });
});

describe('qui le dit, et quand', () => {
  const startsAt = '2026-12-05T18:00:00+01:00';
  it('la veille et le jour même (de minuit à minuit, à Zurich), pas avant ni après', () => {
    expect(maySayDayStatus(startsAt, new Date('2026-12-05T00:05:00+01:00'))).toBe(true);
    expect(maySayDayStatus(startsAt, new Date('2026-12-05T23:55:00+01:00'))).toBe(true);
    // The evening before: a picnic is called off then (issue 70).
    expect(maySayDayStatus(startsAt, new Date('2026-12-04T19:30:00+01:00'))).toBe(true);
    expect(maySayDayStatus(startsAt, new Date('2026-12-04T00:05:00+01:00'))).toBe(true);
    expect(maySayDayStatus(startsAt, new Date('2026-12-03T23:55:00+01:00'))).toBe(false);
    expect(maySayDayStatus(startsAt, new Date('2026-12-06T00:05:00+01:00'))).toBe(false);
  });
});

describe('le formulaire', () => {
  const startsAt = '2026-12-05T18:00:00+01:00';
  const read = (values: Record<string, string>) => readDayStatusForm(values, startsAt, zurichIso);
  it('refuse un statut inconnu, une note trop longue, un report sans date ou avant la date, un lieu vide', () => {
    expect(read({ statut: 'peut-être' })).toMatchObject({ ok: false, field: 'statut' });
    expect(read({ statut: 'confirmed', note: 'x'.repeat(201) })).toMatchObject({ ok: false, field: 'note' });
    expect(read({ statut: 'postponed', reportDate: '' })).toMatchObject({ ok: false, field: 'reportDate' });
    expect(read({ statut: 'postponed', reportDate: '2026-12-04', reportHeure: '10:00' })).toMatchObject({
      ok: false,
      field: 'reportDate',
    });
    expect(read({ statut: 'moved', deplaceA: '  ' })).toMatchObject({ ok: false, field: 'deplaceA' });
  });
  it('lit un report en instant de Zurich et une note sans espaces superflus', () => {
    expect(
      read({ statut: 'postponed', reportDate: '2026-12-06', reportHeure: '14:00', note: ' Pluie   forte ' }),
    ).toEqual({
      ok: true,
      value: { kind: 'postponed', note: 'Pluie forte', postponedTo: zurichIso('2026-12-06', '14:00'), movedTo: '' },
    });
  });
});
