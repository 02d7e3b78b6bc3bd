// Liveness and readiness (decision 062). /livez: this process answers (nothing else is checked: a probe that restarts
// a process must not restart it because the disk is full). /healthz: the site can serve, checked as a request would
// use it: the store read and written (a row of this process written and read back, the categories counted), and room
// on the disk of DATA_DIR. Not ready answers 503 with the reasons, in French.
import os from 'node:os';
import type { Services } from '../services';
import { formatMegabytes, freeBytes } from './startup-checks';
import { storageProblem } from './storage-failure';

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
