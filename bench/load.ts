// Mixed load (issue 10): browse, search, detail, login and submit at once, 50 connections for 30 s, against the
// production build with 10,000 events. Pages are requested as fast as they come back; logins (3/s) and submissions
// (5/s) at a steady pace, as real visitors would. Prints req/s, p50/p99 and errors per route and for the whole mix.
// Usage: npm run bench:load        (BENCH_DURATION=10 for a quicker run)
import crypto from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import {
  createAccounts,
  ensureBuild,
  eventFields,
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

await main();
