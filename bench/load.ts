// Mixed load (issue 10): browse, search, detail, login and submit at once, 50 connections for 30 s, against the
// production build with 10,000 events. Pages are requested as fast as they come back; logins (3/s) and submissions
// (5/s) at a steady pace, as real visitors would. Prints req/s, p50/p99 and errors per route and for the whole mix.
// Usage: npm run bench:load        (BENCH_DURATION=10 for a quicker run)
//
// `--varied` (issue 69): 2 connections of varied uncached traffic for 2 minutes, never the same address twice (lists
// with new filters, pages, dates, words, « Autour de », venues, events, the API), so that neither the page cache nor a
// memo of a selection serves it: p50/p95/p99 and req/s, with the load average. Objective: p95 under 100 ms at 100,000.
// Usage: npm run bench:load -- --varied --events=10000 [--duration=120] [--connections=2]
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import {
  createAccounts,
  ensureBuild,
  eventFields,
  groupCpuMs,
  hiddenFields,
  multipart,
  organizerSession,
  percentile,
  seedManyEvents,
  startServer,
  throwAwayDataDir,
} from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3210);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const ORGANIZERS = 5;
const PASSWORD = 'Une phrase de passe pour la charge 2026';

const SEARCHES = ['concert', 'fete', 'neuchatel', 'marche de noel', 'jazz', 'theatre enfants', 'brocante', 'expo'];
const FILTERS = [
  '/evenements',
  '/evenements?page=2',
  '/evenements?page=7',
  '/evenements?category=musique',
  '/evenements?canton=VD',
  '/evenements?category=musique&canton=GE',
  '/evenements?quand=week-end',
  '/evenements?gratuit=1&famille=1',
  '/',
  '/partenaires',
];

interface Route {
  name: string;
  connections: number;
  /** Builds the next request of this route. */
  next: () => { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };
  expect: number[];
  /** Requests per second for the whole route (writes come at a steady pace; pages as fast as they are served). */
  rate?: number;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('load');
  const { ids } = await seedManyEvents();
  const accounts = Array.from({ length: ORGANIZERS }, (_, i) => ({
    email: `charge${i}@exemple.ch`,
    password: PASSWORD,
    role: 'organizer' as const,
  }));
  await createAccounts(accounts);
  // Many visitors behind one address (this script): the per-IP form limit would stop the test, not the server.
  const server = await startServer(dataDir, PORT, { RATE_LIMIT_FORMS_PER_MINUTE: '1000000' });
  const { base } = server;
  try {
    // Each organizer keeps a session and the hidden fields of its submit form (CSRF token, honeypot).
    const sessions = await Promise.all(accounts.map((a) => organizerSession(base, a.email, a.password)));
    const login = await fetch(`${base}/auth/login`);
    const loginCookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0];
    const loginHidden = hiddenFields(await login.text());

    const routes: Route[] = [
      {
        name: 'navigation (accueil, liste, filtres)',
        connections: 18,
        expect: [200],
        next: () => ({ path: pick(FILTERS) }),
      },
      {
        name: 'recherche',
        connections: 12,
        expect: [200],
        next: () => ({ path: `/evenements?q=${encodeURIComponent(pick(SEARCHES))}` }),
      },
      { name: 'fiche événement', connections: 12, expect: [200], next: () => ({ path: `/evenement/${pick(ids)}` }) },
      {
        name: 'connexion (Argon2id)',
        connections: 3,
        rate: 3,
        expect: [302],
        next: () => {
          const a = pick(accounts);
          return {
            path: '/auth/login',
            method: 'POST',
            body: new URLSearchParams({ ...loginHidden, email: a.email, password: a.password }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: loginCookie, origin: base },
          };
        },
      },
      {
        name: 'soumission d’événement',
        connections: 5,
        rate: 5,
        expect: [302],
        next: () => {
          const s = pick(sessions);
          const key = crypto.randomBytes(18).toString('hex').slice(0, 24);
          const { body, contentType } = multipart({
            ...s.hidden,
            ...eventFields(`Concert de charge ${key}`),
            submissionKey: key,
          });
          return {
            path: '/organizer/submit-event',
            method: 'POST',
            body,
            headers: { 'content-type': contentType, cookie: s.cookie, origin: base },
          };
        },
      },
    ];

    const figures = await Promise.all(
      routes.map(
        (route) =>
          new Promise<{ route: Route; latencies: number[]; unexpected: number; serverErrors: number; errors: number }>(
            (resolve, reject) => {
              const latencies: number[] = [];
              let unexpected = 0;
              let serverErrors = 0;
              const instance = autocannon(
                {
                  url: base,
                  connections: route.connections,
                  duration: DURATION,
                  ...(route.rate ? { overallRate: route.rate } : {}),
                  requests: [{ setupRequest: (req) => ({ ...req, ...route.next() }) }],
                },
                (error, result) => {
                  if (error) reject(error);
                  else resolve({ route, latencies, unexpected, serverErrors, errors: result.errors + result.timeouts });
                },
              );
              instance.on('response', (_client, status, _bytes, responseTime) => {
                latencies.push(responseTime);
                if (status >= 500) serverErrors += 1;
                if (!route.expect.includes(status)) unexpected += 1;
              });
            },
          ),
      ),
    );

    const all = figures.flatMap((f) => f.latencies).sort((a, b) => a - b);
    console.log(`\nCharge mixte : ${routes.reduce((s, r) => s + r.connections, 0)} connexions, ${DURATION} s\n`);
    console.log('route                                   req/s    p50 ms   p99 ms   5xx   autres écarts   erreurs');
    for (const f of figures) {
      const sorted = f.latencies.sort((a, b) => a - b);
      console.log(
        `${f.route.name.padEnd(38)} ${(sorted.length / DURATION).toFixed(1).padStart(6)}  ${percentile(sorted, 50).toFixed(0).padStart(7)}  ${percentile(sorted, 99).toFixed(0).padStart(7)}  ${String(f.serverErrors).padStart(4)}  ${String(f.unexpected - f.serverErrors).padStart(14)}  ${String(f.errors).padStart(8)}`,
      );
    }
    const serverErrors = figures.reduce((s, f) => s + f.serverErrors, 0);
    const unexpected = figures.reduce((s, f) => s + f.unexpected, 0);
    const errors = figures.reduce((s, f) => s + f.errors, 0);
    console.log(
      `${'ensemble'.padEnd(38)} ${(all.length / DURATION).toFixed(1).padStart(6)}  ${percentile(all, 50).toFixed(0).padStart(7)}  ${percentile(all, 99).toFixed(0).padStart(7)}  ${String(serverErrors).padStart(4)}  ${String(unexpected - serverErrors).padStart(14)}  ${String(errors).padStart(8)}`,
    );
    console.log(
      `\nObjectifs : 0 erreur, 0 réponse 5xx, p99 de l’ensemble < 250 ms → p99 ${percentile(all, 99).toFixed(0)} ms`,
    );
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true });
    const stored = (
      db.prepare("SELECT COUNT(*) AS n FROM events WHERE title LIKE 'Concert de charge %'").get() as { n: number }
    ).n;
    db.close();
    const submitted = figures.find((f) => f.route.name.startsWith('soumission'));
    console.log(
      `Soumissions acceptées (302) : ${(submitted?.latencies.length ?? 0) - (submitted?.unexpected ?? 0)}, en base : ${stored}`,
    );
    if (serverErrors > 0 || errors > 0 || unexpected > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `--name=value` of the command line, else `fallback`. */
function option(name: string, fallback: number): number {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = given ? Number(given.slice(name.length + 3)) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} : un nombre positif`);
  return value;
}

/** A small deterministic generator (mulberry32): the same run asks the same addresses in the same order. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOWNS = [
  'Lausanne',
  'Genève',
  'Fribourg',
  'Sion',
  'Neuchâtel',
  'Delémont',
  'Nyon',
  'Bulle',
  'Martigny',
  'Morges',
];
const WHENS = ['aujourdhui', 'demain', 'week-end', 'semaine', 'mois'];

/**
 * Addresses never asked before in this run, of every kind a visitor (or a crawler) asks: an event, a list with new
 * filters or a new page, a period, a search with two words, « Autour de » at a new radius, a venue, the API.
 */
async function variedAddresses(size: number, venues: readonly string[]) {
  const { SEED_EVENTS } = await import('../app/.server/seed/demo-data');
  const { DEFAULT_CATEGORIES } = await import('../app/domain/categories');
  const { CANTON_CODES } = await import('../app/domain/cantons');
  const { zurichToday, addDaysToDate } = await import('../app/domain/dates');
  const { RADIUS_OPTIONS } = await import('../app/domain/distance');
  const words = [
    ...new Set(SEED_EVENTS.flatMap((e) => e.title.toLowerCase().split(/[^\p{L}]+/u)).filter((w) => w.length >= 5)),
  ];
  const categories = DEFAULT_CATEGORIES.map((c) => c.slug);
  const random = generator(69);
  const any = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const int = (max: number) => 1 + Math.floor(random() * max);
  const today = zurichToday();
  const day = (offset: number) => addDaysToDate(today, offset);
  const listPages = Math.max(1, Math.floor(size / 20));
  const kinds: [number, string, () => string][] = [
    [25, 'fiche', () => `/evenement/bench${Math.floor(random() * size).toString(36)}`],
    [
      10,
      'catégorie et canton',
      () => `/evenements?category=${any(categories)}&canton=${any(CANTON_CODES)}&du=${day(int(60))}`,
    ],
    [5, 'période', () => `/evenements?category=${any(categories)}&quand=${any(WHENS)}&canton=${any(CANTON_CODES)}`],
    // A page by its number: up to 50 (NUMBERED_PAGES, a bounded offset), else an old link sent to page 50.
    [5, 'page profonde', () => `/evenements?page=${int(listPages)}`],
    [10, 'du… au…', () => `/evenements?du=${day(int(150))}&au=${day(150 + int(30))}`],
    [15, 'recherche', () => `/evenements?q=${encodeURIComponent(`${any(words)} ${int(size)}`)}`],
    [
      10,
      '« Autour de »',
      () =>
        `/evenements?autour=${encodeURIComponent(any(TOWNS))}&rayon=${any(RADIUS_OPTIONS)}&category=${any(categories)}&du=${day(int(90))}`,
    ],
    [
      5,
      'lieu',
      () => (random() < 0.2 ? `/lieux/${any(venues)}` : `/evenements?lieu=${any(venues)}&quand=${any(WHENS)}`),
    ],
    [
      15,
      'API',
      () =>
        `/api/v1/events?category=${any(categories)}&canton=${any(CANTON_CODES)}&du=${day(int(170))}&limit=${int(50)}`,
    ],
  ];
  const total = kinds.reduce((s, [w]) => s + w, 0);
  const asked = new Set<string>();
  /** A new address of this kind; null once 1,000 tries found only addresses already asked (a kind used up). */
  const fresh = (make: () => string): string | null => {
    for (let tries = 0; tries < 1000; tries++) {
      const path = make();
      if (asked.has(path)) continue;
      asked.add(path);
      return path;
    }
    return null;
  };
  return {
    asked,
    kinds: kinds.map(([, name, make]) => ({ name, next: () => fresh(make) })),
    next(): string {
      for (;;) {
        const roll = random() * total;
        let below = 0;
        const kind = kinds.find(([w]) => {
          below += w;
          return roll < below;
        });
        const path = fresh((kind ?? kinds[0])[2]);
        if (path) return path;
      }
    },
  };
}

async function varied() {
  const size = option('events', 10_000);
  const duration = option('duration', 120);
  const connections = option('connections', 2);
  ensureBuild();
  const dataDir = throwAwayDataDir('varied');
  let started = performance.now();
  await seedManyEvents(size, Math.max(1, Math.round(size / 100)));
  const { getServices } = await import('../app/.server/services');
  await getServices().close();
  console.log(`${size.toLocaleString('fr-CH')} événements en ${((performance.now() - started) / 1000).toFixed(0)} s`);
  started = performance.now();
  // The API's allowance per address would turn the measure into 429s.
  const server = await startServer(dataDir, PORT, { API_RATE_PER_MINUTE: '1000000000' });
  try {
    // A large site's places migration runs in the jobs process once the site serves: measured once it is over.
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true });
    const unlinked = db.prepare('SELECT COUNT(*) AS n FROM events WHERE venue_id IS NULL OR organizer_id IS NULL');
    while ((unlinked.get() as { n: number }).n > 0) await new Promise((r) => setTimeout(r, 500));
    const venues = (db.prepare("SELECT slug FROM venues WHERE status = 'approved'").all() as { slug: string }[]).map(
      (v) => v.slug,
    );
    db.close();
    console.log(`Serveur prêt, lieux rattachés en ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const addresses = await variedAddresses(size, venues);
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const loadBefore = os.loadavg();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: base(),
          connections,
          duration,
          requests: [{ setupRequest: (req) => ({ ...req, path: addresses.next() }) }],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, status, _bytes, responseTime) => {
        latencies.push(responseTime);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      });
    });
    const loadAfter = os.loadavg();
    const sorted = latencies.sort((a, b) => a - b);
    const p = (q: number) => percentile(sorted, q).toFixed(0);
    console.log(
      `\nTrafic varié sans cache : ${size.toLocaleString('fr-CH')} événements, ${connections} connexions, ${duration} s, ${addresses.asked.size} adresses toutes différentes`,
    );
    console.log(
      `  ${(sorted.length / duration).toFixed(1)} req/s   p50 ${p(50)} ms   p95 ${p(95)} ms   p99 ${p(99)} ms   max ${p(100)} ms`,
    );
    console.log(
      `  réponses : ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(', ')} ; erreurs ${result.errors}, délais dépassés ${result.timeouts}`,
    );
    console.log(
      `  charge de la machine (${os.cpus().length} cœurs) : ${loadBefore.map((l) => l.toFixed(1)).join(' ')} avant, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} après (1, 5, 15 min)`,
    );
    console.log(`  objectif : p95 < 100 ms → ${Number(p(95)) < 100 ? 'tenu' : 'MANQUÉ'}`);
    // Then each kind alone, one request at a time (12 new addresses each): which kind the percentiles come from.
    console.log(
      '  par sorte, une requête à la fois (12 adresses nouvelles) : médiane / max en ms, CPU moyen du serveur (/proc)',
    );
    for (const kind of addresses.kinds) {
      const times: number[] = [];
      const cpuBefore = groupCpuMs(server.child.pid as number);
      for (let i = 0; i < 12; i++) {
        const path = kind.next();
        if (!path) break;
        const at = performance.now();
        await (await fetch(`${base()}${path}`, { redirect: 'manual' })).arrayBuffer();
        times.push(performance.now() - at);
      }
      if (times.length === 0) continue;
      const cpu = (groupCpuMs(server.child.pid as number) - cpuBefore) / times.length;
      times.sort((a, b) => a - b);
      console.log(
        `    ${kind.name.padEnd(22)} ${percentile(times, 50).toFixed(0).padStart(5)} / ${percentile(times, 100).toFixed(0).padEnd(5)}  CPU ${cpu.toFixed(0)} ms`,
      );
    }
    const failed = [...statuses].some(([status]) => status >= 400) || result.errors + result.timeouts > 0;
    if (failed || Number(p(95)) >= 100) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const base = () => `http://127.0.0.1:${PORT}`;

if (process.argv.includes('--varied')) await varied();
else await main();
