// Issue 74, decision 171: what counting what organizers see costs, at 100,000 events on SQLite. In one process, the
// use cases the routes call, CPU read from /proc (utime + stime of this process), each measure in alternated slices:
// the page-view beacon of a page that is not an event's (the reference: what it cost before), the beacon of an
// event's page (the same, plus the event's read and two upserts), a link's click alone, and the dashboards' reads
// after the counts. The cached page itself is not touched: it is served before any route (docs/cache.md).
// Usage: node --import tsx bench/event-figures.ts   (BENCH_EVENTS=100000, BENCH_SERIES=events/10, BENCH_ROUNDS=5, BENCH_CALLS=2000)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../app/.server/adapters/sqlite/store';
import { countBrowserSignal } from '../app/.server/analytics/event-figures';
import { eventFiguresPage, siteFiguresView } from '../app/.server/analytics/figures-view';
import { recordPageView } from '../app/.server/analytics/page-views';
import { median, seedManyEvents } from './lib';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const TICK_MS = 1000 / 100;

/** This process's CPU in ms, from /proc/self/stat (utime + stime, in clock ticks of 10 ms). */
function cpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-figures-'));
  const store = createSqliteStore(openDatabase(path.join(dir, 'agenda.sqlite')));
  try {
    const started = Date.now();
    const { ids } = await seedManyEvents(EVENTS, Number(process.env.BENCH_SERIES ?? EVENTS / 10), store);
    console.log(
      `${EVENTS} événements en ${((Date.now() - started) / 1000).toFixed(0)} s ; charge ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const deps = { store };
    const beacon = (p: string) => ({
      body: JSON.stringify({ path: p, title: 'Une page', analytics: true }),
      userAgent: CHROME,
      consent: null,
      viewer: null,
    });
    let i = 0;
    const measures: Record<string, () => Promise<unknown>> = {
      'page vue, autre page (référence)': () => recordPageView(deps, beacon('/evenements')),
      'page vue d’un événement (+ compte)': () => recordPageView(deps, beacon(`/evenement/${ids[i++ % ids.length]}`)),
      'clic « Billetterie » seul': () =>
        countBrowserSignal(deps, {
          eventId: ids[i++ % ids.length],
          kind: 'tickets',
          analytics: true,
          userAgent: CHROME,
          consent: null,
          viewer: null,
        }),
    };
    const samples = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, call] of Object.entries(measures)) {
        const before = cpuMs();
        for (let n = 0; n < CALLS; n++) await call();
        samples.set(name, [...(samples.get(name) ?? []), (cpuMs() - before) / CALLS]);
      }
    }
    const reference = median(samples.get('page vue, autre page (référence)') ?? []);
    console.log(`\n${ROUNDS} tranches de ${CALLS} appels alternées ; ms de CPU par appel (médiane)\n`);
    for (const [name, values] of samples) {
      const ms = median(values);
      console.log(`${name.padEnd(38)} ${ms.toFixed(3).padStart(7)} ms   ${(ms / reference).toFixed(2).padStart(5)}×`);
    }
    // The dashboards, after the counts: their reads are bounded by the counters, not by the visits.
    const owner = await store.events.findById(ids[0]);
    const admin = { uid: 'admin', role: 'admin' } as Parameters<typeof eventFiguresPage>[1];
    const read = async (name: string, fn: () => Promise<unknown>) => {
      const before = cpuMs();
      for (let n = 0; n < 200; n++) await fn();
      console.log(`${name.padEnd(38)} ${((cpuMs() - before) / 200).toFixed(3).padStart(7)} ms`);
    };
    await read('page « Chiffres » d’un événement', () =>
      eventFiguresPage(deps, admin, owner?.id ?? '', null, new Date()),
    );
    await read('section admin (12 semaines)', () => siteFiguresView(deps, new Date()));
    const db = openDatabase(path.join(dir, 'agenda.sqlite'));
    const rows = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    console.log(
      `\nlignes : event_figures ${rows('event_figures')}, site_figures ${rows('site_figures')}, page_views ${rows('page_views')}`,
    );
    console.log(
      `charge à la fin : ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    db.close();
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
