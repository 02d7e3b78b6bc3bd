// Liveness and readiness (decision 062). /livez: this process answers (nothing else is checked: a probe that restarts
// a process must not restart it because the disk is full). /healthz: the site can serve, checked as a request would
// use it: the store read and written (a row of this process written and read back, the categories counted), and room
// on the disk of DATA_DIR. Not ready answers 503 with the reasons, in French. Both are decided before the page cache and
// any route that reads the store (issue 46): a damaged database made them answer Express's English 500. /healthz says
// what visitors get (issue 68): a base overwritten under the running server left the probe's few pages in SQLite's
// cache, 200, while every content page answered 503. So the probe also reads the base's header on disk, and a page
// that could not read the store makes it 503 with the page's reason for PAGE_FAILURE_MS.
import fs from 'node:fs';
import os from 'node:os';
import type { RequestHandler } from 'express';
import { formatMegabytes, freeBytes } from '../platform/startup-checks';
import { storageProblem } from '../platform/storage-failure';
import type { Services } from '../service-types';

export interface Readiness {
  ok: boolean;
  /** What stops the site from serving, in French; empty when ready. */
  problems: string[];
}

/** A probe every second at most per process: load balancers and benches may call it far more often. */
const REUSE_MS = 1000;
let last: { at: number; readiness: Readiness } | null = null;

/** How long a page's storage failure keeps /healthz at 503: pages that keep failing keep it there. */
export const PAGE_FAILURE_MS = 30_000;
let pageFailure: { at: number; reason: string } | null = null;

/** SQLite's answers that say the base itself cannot be read (not a busy moment, not a full disk the probe sees). */
const UNREADABLE = /^SQLITE_(?:CORRUPT|NOTADB|IOERR|CANTOPEN)/;

/**
 * A page or a form of this process could not read the store (storage-answer.ts): /healthz says so from now. `cause` is
 * the store's own error, `reason` its French sentence.
 */
export function notePageStorageFailure(reason: string, cause: unknown, now = Date.now()): void {
  if (!UNREADABLE.test(String((cause as { code?: unknown } | null)?.code ?? ''))) return;
  pageFailure = { at: now, reason };
  last = null;
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** The base's file on disk still starts as a SQLite base (what SQLite's cache of its first pages cannot tell). */
function sqliteHeaderProblem(file: string): string | null {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return header.toString('latin1') === SQLITE_HEADER
    ? null
    : 'la base de données est endommagée : son fichier ne commence plus comme une base SQLite.';
}

/** This process in the store's check rows: the machine and the process. */
const processId = `${os.hostname()}-${process.pid}`;

type ProbedServices = Pick<Services, 'store' | 'config'> & Partial<Pick<Services, 'database'>>;

async function check(services: ProbedServices, now: Date): Promise<Readiness> {
  const problems: string[] = [];
  if (pageFailure && now.getTime() - pageFailure.at < PAGE_FAILURE_MS)
    problems.push(`Les pages ne peuvent pas lire le stockage : ${pageFailure.reason}`);
  try {
    const { database } = services;
    const header =
      database?.kind === 'sqlite' && database.db.name !== ':memory:' && sqliteHeaderProblem(database.db.name);
    if (header) problems.push(header);
  } catch (error) {
    problems.push(`La base de données ne peut pas être lue : ${(error as Error).message}`);
  }
  try {
    const { readBack, categories } = await services.store.health.probe(processId, now.toISOString());
    if (!readBack) problems.push('Le stockage n’a pas relu ce qui vient d’y être écrit.');
    if (categories === 0)
      problems.push('Le stockage ne contient aucune catégorie : la base est vide ou n’a pas été préparée.');
  } catch (error) {
    problems.push(storageProblem(error) ?? `Le stockage ne répond pas : ${(error as Error).message ?? error}`);
  }
  try {
    const free = freeBytes(services.config.DATA_DIR);
    const needed = services.config.MIN_FREE_DISK_MB * 1024 * 1024;
    if (free < needed)
      problems.push(
        `Il ne reste que ${formatMegabytes(free)} sur le disque de DATA_DIR (au moins ${formatMegabytes(needed)} demandés).`,
      );
  } catch (error) {
    problems.push(`L’espace libre de DATA_DIR ne peut pas être lu : ${(error as Error).message}`);
  }
  return { ok: problems.length === 0, problems };
}

export async function readiness(services: ProbedServices, now = new Date()): Promise<Readiness> {
  if (last && now.getTime() - last.at < REUSE_MS && now.getTime() >= last.at) return last.readiness;
  const readiness = await check(services, now);
  last = { at: now.getTime(), readiness };
  return readiness;
}

/** For tests: the next call checks again, and forgets the pages' failures. */
export function forgetReadiness(): void {
  last = null;
  pageFailure = null;
}

/** The probes' paths: never answered from, nor kept in, the page cache (remix-express.ts). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/livez']);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * /healthz decided here, before the page cache and the root layout's loader (which read the store): not ready, a 503
 * with its reasons, in French, of its own; ready, the page (app/routes/healthz.tsx). /livez goes on to its route.
 */
export function probes(services: ProbedServices): RequestHandler {
  return (req, res, next) => {
    if (req.path !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    readiness(services).then((state) => {
      if (state.ok) return next();
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .type('html')
        .send(
          `<!doctype html><html lang="fr-CH"><meta charset="utf-8"><meta name="robots" content="noindex"><title>État du service · Agenda romand</title><main><h1>Service indisponible</h1><ul>${state.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul></main></html>`,
        );
    }, next);
  };
}
