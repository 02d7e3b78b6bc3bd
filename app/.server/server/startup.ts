// What the primary process does before anyone is served (decision 062): checks DATA_DIR and the database, takes the
// DATA_DIR lock, migrates and seeds, makes the claims of a server that died due again, sweeps the files a crash left,
// and says how to log in. And what each process does when it stops: the database checkpointed and closed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EVENT_STATUSES } from '~/domain/event';
import { sweepOrphanFiles } from '../files/orphans';
import { seedSchoolHolidays } from '../holidays/holidays';
import { logInterruptedRuns } from '../imports/run-import';
import { attachPlacesToEvents, describeMigration } from '../places/attach-places';
import { describeRefolded, refoldPlaceSlugs } from '../places/refold-slugs';
import { describeVenuePoints, pointVenues, venuesWithoutPoint } from '../places/venue-points';
import { type DataDirLock, lockDataDir } from '../platform/data-dir-lock';
import { LIMITS_FILE, prepareLimitsDatabase } from '../platform/limiter';
import { closePrivateFolder } from '../platform/private-files';
import { checkBackupDir, checkDataDir, databaseProblem, StartupError } from '../platform/startup-checks';
import { DEMO_ACCOUNTS, seedCategories, seedDemo } from '../seed/seed';
import type { Services } from '../service-types';
import { lastCheckpoint } from './primary';

const MB = 1024 * 1024;
export const DATABASE_FILE = 'agenda.sqlite';

/**
 * Past this many events without a venue or organizer record, the places migration is left to the `lieux` job when
 * the server runs its jobs itself (issue 50): at 50,000 events it took minutes, and the site answered nothing meanwhile.
 * Pages need no record to show an event (its venue and organizer are in it); /lieux fills up while the job runs.
 */
export const PLACES_AT_START_MAX = 1000;

export async function prepareStore(
  { config, store, identity }: Pick<Services, 'config' | 'store' | 'identity'>,
  { placesInBackground = false } = {},
) {
  const empty = await store.isEmpty();
  await seedCategories({ store });
  await seedSchoolHolidays({ store });
  if (empty && config.SEED_DEMO) {
    // On a site others can reach, the README's passwords would open its admin to anyone: random ones, shown once.
    const local = isLocalSite(config.SITE_URL);
    const passwords = new Map(
      DEMO_ACCOUNTS.map((a) => [a.email, local ? a.password : crypto.randomBytes(15).toString('base64url')]),
    );
    const { events } = await seedDemo({ store }, new Date(), identity, (a) => passwords.get(a.email) ?? a.password);
    console.log(`Base vide : contenu de démonstration créé (${events} événements, 8 partenaires).`);
    console.log(
      local
        ? 'Comptes de démonstration (leurs mots de passe sont aussi dans le README) :'
        : `Comptes de démonstration, mots de passe tirés au hasard pour ${config.SITE_URL}, affichés cette fois seulement :`,
    );
    for (const a of DEMO_ACCOUNTS)
      console.log(
        `  ${a.role === 'admin' ? 'admin       ' : 'organisateur'}  ${a.email}  /  ${passwords.get(a.email)}`,
      );
  }
  // The places migration (issue 36), as the data migrations are run: events without a venue or organizer record get one.
  const waiting = placesInBackground ? (await store.events.listWithoutPlaces(PLACES_AT_START_MAX + 1)).length : 0;
  if (waiting > PLACES_AT_START_MAX) {
    console.log(
      'Lieux et organisateurs : plus de 1000 événements à rattacher, la tâche « lieux » le fait après le démarrage.',
    );
  } else {
    const places = await attachPlacesToEvents({ store }, new Date());
    if (places.events > 0) console.log(`Lieux et organisateurs : ${describeMigration(places)}`);
  }
  // Slugs made before « œ » was folded take their corrected form, the old one redirecting (issue 70, decision 169).
  const refolded = describeRefolded(await refoldPlaceSlugs({ store }, new Date()));
  if (refolded) console.log(refolded);
  // Every venue has a point (issue 70): those without one take their locality's, and so do their events without one;
  // past PLACES_AT_START_MAX venues, or events to rewrite, in the job. 1,000 venues of 50 events each: 50,000 events
  // rewritten before the first request (decision 154); their count per venue is one query, made only when some
  // venue has no point. Only as many venues read as the start may point (decision 152): on Firestore, each one found
  // is a read, not each venue.
  const pointless = await venuesWithoutPoint({ store }, placesInBackground ? PLACES_AT_START_MAX + 1 : undefined);
  const rewrites = async () => {
    const perVenue = await store.events.countByPlace('venue', EVENT_STATUSES);
    return pointless.reduce((sum, venue) => sum + (perVenue[venue.id] ?? 0), 0);
  };
  if (
    placesInBackground &&
    pointless.length > 0 &&
    (pointless.length > PLACES_AT_START_MAX || (await rewrites()) > PLACES_AT_START_MAX)
  ) {
    console.log(
      'Lieux sans point : plus de 1000 lieux ou événements à placer, la tâche « lieux » leur donne le point de leur localité après le démarrage.',
    );
  } else if (pointless.length > 0) {
    const points = await pointVenues({ store }, new Date(), pointless);
    if (points.pointed + points.without > 0) console.log(`Lieux sans point : ${describeVenuePoints(points)}.`);
  }
}

/**
 * A site only this machine reaches (`SITE_URL` on localhost, 127.0.0.0/8 or ::1): the demo accounts may keep the
 * README's passwords there. Any other gets random ones (decision 139).
 */
export function isLocalSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/**
 * The database opens, migrates, and reads to its last page: a broken header, pages overwritten, or a file cut short
 * stop the start here, with a sentence naming the file.
 */
function checkDatabase(services: Services): void {
  const file = path.join(services.config.DATA_DIR, DATABASE_FILE);
  try {
    const { database } = services;
    if (database.kind !== 'sqlite') return;
    const result = database.db.pragma('quick_check(1)', { simple: true });
    if (result !== 'ok') throw Object.assign(new Error(String(result)), { code: 'SQLITE_CORRUPT' });
  } catch (error) {
    const problem = databaseProblem(error, file);
    if (problem) throw new StartupError(problem, { cause: error });
    throw error;
  }
}

let lock: DataDirLock | null = null;

/** Everything before the first worker; throws a StartupError (or a SQLite error, described by the caller). */
export async function prepareServer(
  services: Services,
  options: { lockHeld?: boolean } = {},
): Promise<{ limitsFile: string }> {
  const { config } = services;
  checkDataDir(config.DATA_DIR, config.MIN_FREE_DISK_MB * MB);
  checkBackupDir(config.BACKUP_DIR);
  // The mails and waiting uploads an older version left readable by all, and their folders: their owner's only (issue 68).
  for (const dir of [path.join(config.DATA_DIR, 'outbox'), path.join(config.DATA_DIR, 'uploads', 'pending')])
    if (fs.existsSync(dir)) closePrivateFolder(dir);
  // The lock guards the SQLite database and its files. On Firestore, DATA_DIR holds nothing shared (the outbox of a
  // development machine at most), and instances side by side each have their own. A primary that only supervises holds
  // it already, for the process that prepares (server/primary.ts).
  if (!services.firebase && !options.lockHeld) lock = lockDataDir(config.DATA_DIR);
  checkDatabase(services);
  await prepareStore(services, { placesInBackground: services.jobsInProcess });
  if (services.database.kind === 'sqlite') {
    // One server per DATA_DIR: whatever is `sending` belonged to a process of a server that is gone.
    await services.store.mails.releaseClaims(new Date().toISOString());
    // Likewise a calendar import it was running: said in its run log, then due at once, it resumes from its links (not
    // after RUN_STALE_MINUTES).
    await logInterruptedRuns(services.store);
    await services.store.imports.releaseRuns(new Date().toISOString());
    // Nothing is being uploaded yet: whatever a crash left half-written goes now, whatever its age.
    const swept = await sweepOrphanFiles(services, { graceMs: 0 });
    if (swept > 0)
      console.log(
        `Nettoyage au démarrage : ${swept} fichier${swept > 1 ? 's' : ''} orphelin${swept > 1 ? 's' : ''} supprimé${swept > 1 ? 's' : ''}.`,
      );
  }
  const limitsFile = path.join(config.DATA_DIR, LIMITS_FILE);
  prepareLimitsDatabase(limitsFile);
  // The push keys made now (on Firestore, read from the store or written there once for every instance).
  await services.push.clientConfig();
  return { limitsFile };
}

/** What went wrong with the base, in one French sentence (its code's, else its message). */
function baseProblem(error: unknown, dataDir: string): string {
  return databaseProblem(error, path.join(dataDir, DATABASE_FILE)) ?? String((error as Error)?.message ?? error);
}

/** The database of these services if it was opened (never opens it). */
function openedDatabase(services: Services): Services['database'] | null {
  const descriptor = Object.getOwnPropertyDescriptor(services, 'database');
  return descriptor && 'value' in descriptor ? (descriptor.value as Services['database']) : null;
}

/** A process stops: its connection to the database checkpoints what it can and closes. */
export async function closeServices(services: Services): Promise<void> {
  const database = openedDatabase(services);
  if (database?.kind === 'sqlite' && database.db.open) {
    try {
      database.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // One French line, never a stack: a damaged base at the stop is the operator's to restore, not a bug (issue 68).
      console.error(`[base] point de contrôle impossible à l’arrêt : ${baseProblem(error, services.config.DATA_DIR)}`);
    }
  }
  await services.close();
}

/**
 * The server stops, every worker gone: the write-ahead log is written back into the database file and emptied, so
 * that the file alone (a copy, a backup by hand) holds everything. Then the DATA_DIR lock is released.
 */
export async function finishServer(services: Services): Promise<void> {
  const sqlite = openedDatabase(services)?.kind === 'sqlite';
  await closeServices(services);
  if (sqlite) lastCheckpoint(services.config.DATA_DIR);
  lock?.release();
  lock = null;
}
