// Durability (issue 10): 1,000 concurrent event submissions, the server killed with SIGKILL (primary and workers)
// after a random 200–800 acknowledgements, restarted; every acknowledged submission must be there exactly once and
// SQLite's integrity check must pass. 20 rounds by default.
// Usage: npm run bench:durability        (DURABILITY_ROUNDS=3 for a quicker run)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'undici';
import { submitEvent } from './fault-tools';
import {
  createAccounts,
  ensureBuild,
  eventFields,
  multipart,
  organizerSession,
  startServer,
  throwAwayDataDir,
} from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3220);
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 20);
const SUBMISSIONS = 1000;
const ACCOUNT = {
  email: 'durabilite@exemple.ch',
  password: 'Une phrase de passe pour la durabilite',
  role: 'organizer' as const,
};
const SERVER_ENV = { RATE_LIMIT_FORMS_PER_MINUTE: '1000000' };

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('durability');
  const { getServices } = await import('../app/.server/services');
  const { seedCategories } = await import('../app/.server/seed/seed');
  await seedCategories(getServices());
  await createAccounts([ACCOUNT]);
  // Every submission at once needs as many sockets: no pool limit, no keep-alive reuse between rounds.
  const dispatcher = new Agent({
    connections: null,
    pipelining: 0,
    connectTimeout: 30_000,
    bodyTimeout: 60_000,
    headersTimeout: 60_000,
  });
  const totals = { acknowledged: 0, lost: 0, duplicated: 0, integrityFailures: 0 };
  let server = await startServer(dataDir, PORT, SERVER_ENV);
  // The session and the form's hidden fields live in the store and in signed cookies: they survive restarts.
  const { cookie, hidden } = await organizerSession(server.base, ACCOUNT.email, ACCOUNT.password);
  console.log(`Durabilité : ${ROUNDS} tours de ${SUBMISSIONS} soumissions simultanées, arrêt brutal (SIGKILL)\n`);
  console.log('tour  arrêt après  accusés  présents  perdus  en double  intégrité');
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const killAfter = 200 + Math.floor(Math.random() * 601);
      const acknowledged: string[] = [];
      let killed: Promise<void> | null = null;
      const base = server.base;
      const requests = Array.from({ length: SUBMISSIONS }, async () => {
        const key = crypto.randomBytes(18).toString('hex').slice(0, 24);
        const title = `Durabilité ${round} ${key}`;
        const { body, contentType } = multipart({ ...hidden, ...eventFields(title), submissionKey: key });
        try {
          const answer = await submitEvent(base, { body, contentType }, cookie, dispatcher);
          if (answer.acknowledged) {
            acknowledged.push(title);
            if (acknowledged.length === killAfter) killed = server.crash();
          } else if (!killed) {
            throw new Error(`réponse inattendue ${answer.status} avant l’arrêt`);
          }
        } catch (error) {
          // After the kill, cut connections are expected; before it, nothing may fail.
          if (!killed) throw error;
        }
      });
      await Promise.all(requests);
      if (!killed) throw new Error(`le serveur n’a accusé que ${acknowledged.length} soumissions`);
      await killed;
      // Acknowledgements counted after the kill was decided still came from the server before it died.
      server = await startServer(dataDir, PORT, SERVER_ENV);
      const db = new Database(path.join(dataDir, 'agenda.sqlite'), { readonly: true });
      const integrity = db.pragma('integrity_check', { simple: true });
      const count = db.prepare('SELECT COUNT(*) AS n FROM events WHERE title = ?');
      let present = 0;
      let lost = 0;
      let duplicated = 0;
      for (const title of acknowledged) {
        const n = (count.get(title) as { n: number }).n;
        if (n === 0) lost += 1;
        else present += 1;
        if (n > 1) duplicated += 1;
      }
      // Not acknowledged ones may or may not have been stored, but never twice.
      duplicated += (
        db
          .prepare(
            'SELECT COUNT(*) AS n FROM (SELECT title FROM events WHERE title LIKE ? GROUP BY title HAVING COUNT(*) > 1)',
          )
          .get(`Durabilité ${round} %`) as { n: number }
      ).n;
      db.close();
      totals.acknowledged += acknowledged.length;
      totals.lost += lost;
      totals.duplicated += duplicated;
      if (integrity !== 'ok') totals.integrityFailures += 1;
      console.log(
        `${String(round).padStart(4)}  ${String(killAfter).padStart(11)}  ${String(acknowledged.length).padStart(7)}  ${String(present).padStart(8)}  ${String(lost).padStart(6)}  ${String(duplicated).padStart(9)}  ${integrity}`,
      );
    }
  } finally {
    await server.stop();
    await dispatcher.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nTotal : ${totals.acknowledged} soumissions accusées, ${totals.lost} perdue(s), ${totals.duplicated} en double, ${totals.integrityFailures} contrôle(s) d’intégrité en échec (objectif : 0, 0, 0)`,
  );
  if (totals.lost || totals.duplicated || totals.integrityFailures) process.exitCode = 1;
}

await main();
