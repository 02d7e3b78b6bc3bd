// A source's run in words: what the limits left aside, in French with its agreement, and where « Importer maintenant »
// stands for the page.
import { describe, expect, it } from 'vitest';
import { type ImportRun, limitsSummary, noCounts, runProgress } from './import-run';

const run = (overrides: Partial<ImportRun> = {}): ImportRun => ({
  id: 'r',
  sourceId: 's',
  startedAt: '2026-12-01T09:00:00.000Z',
  ok: true,
  notModified: false,
  fetched: 12,
  ...noCounts(),
  created: 5,
  ...overrides,
});
const LIMITS = { maxEvents: 5, maxDates: 10, eventsOver: 1, eventsOverUids: ['a@x'], seriesCut: 0, seriesCutUids: [] };

describe('journal d’une source', () => {
  it('dit ce que les limites ont laissé de côté, au singulier comme au pluriel, les UID nommés', () => {
    expect(limitsSummary(null)).toEqual([]);
    expect(limitsSummary(LIMITS)).toEqual([
      '1\u00a0événement au-delà de la limite de 5\u00a0par calendrier, non lu (les plus lointains)\u00a0: a@x.',
    ]);
    const many = {
      ...LIMITS,
      eventsOver: 14,
      eventsOverUids: ['a@x', 'b@x'],
      seriesCut: 2,
      seriesCutUids: ['s@x', 't@x'],
    };
    expect(limitsSummary(many)).toEqual([
      '14\u00a0événements au-delà de la limite de 5\u00a0par calendrier, non lus (les plus lointains)\u00a0: a@x, b@x\u00a0et 12\u00a0autres.',
      '2\u00a0séries ramenées à leurs 10\u00a0premières dates\u00a0: s@x, t@x.',
    ]);
  });

  it('l’avancement : demandé, en cours, puis le dernier passage, avec les limites de la dernière lecture du flux', () => {
    expect(runProgress({}, [])).toEqual({ state: 'none' });
    expect(runProgress({ runRequestedAt: 'T1' }, [run()])).toEqual({ state: 'queued', since: 'T1' });
    expect(runProgress({ runRequestedAt: 'T1', runningSince: 'T2' }, [])).toEqual({ state: 'running', since: 'T2' });
    const unchanged = run({ id: 'r2', notModified: true, fetched: 0, created: 0 });
    expect(runProgress({}, [unchanged, run({ limits: LIMITS })])).toEqual({
      state: 'done',
      run: unchanged,
      limits: LIMITS,
    });
  });
});
