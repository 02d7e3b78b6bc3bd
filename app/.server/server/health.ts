// Liveness and readiness (decision 062). /livez: this process answers (nothing else is checked: a probe that restarts
// a process must not restart it because the disk is full). /healthz: the site can serve, checked as a request would
// use it: the store read and written (a row of this process written and read back, the categories counted), and room
// on the disk of DATA_DIR. Not ready answers 503 with the reasons, in French. Both are decided before the page cache and
// any route that reads the store (issue 46): a damaged database made them answer Express's English 500.
import os from 'node:os';
import type { RequestHandler } from 'express';
import { formatMegabytes, freeBytes } from '../platform/startup-checks';
import { storageProblem } from '../platform/storage-failure';
import type { Services } from '../services';

export interface Readiness {
  ok: boolean;
  /** What stops the site from serving, in French; empty when ready. */
  problems: string[];
}

/** A probe every second at most per process: load balancers and benches may call it far more often. */
const REUSE_MS = 1000;
let last: { at: number; readiness: Readiness } | null = null;

/** This process in the store's check rows: the machine and the process. */
const processId = `${os.hostname()}-${process.pid}`;

async function check(services: Pick<Services, 'store' | 'config'>, now: Date): Promise<Readiness> {
  const problems: string[] = [];
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

export async function readiness(services: Pick<Services, 'store' | 'config'>, now = new Date()): Promise<Readiness> {
  if (last && now.getTime() - last.at < REUSE_MS && now.getTime() >= last.at) return last.readiness;
  const readiness = await check(services, now);
  last = { at: now.getTime(), readiness };
  return readiness;
}

/** For tests: the next call checks again. */
export function forgetReadiness(): void {
  last = null;
}

/** The probes' paths: never answered from, nor kept in, the page cache (remix-express.ts). */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/livez']);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * /healthz decided here, before the page cache and the root layout's loader (which read the store): not ready, a 503
 * with its reasons, in French, of its own; ready, the page (app/routes/healthz.tsx). /livez goes on to its route.
 */
export function probes(services: Pick<Services, 'store' | 'config'>): RequestHandler {
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
