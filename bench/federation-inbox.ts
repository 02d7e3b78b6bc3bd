// The inbox under a burst (issue 37): 1,000 signed activities (Follow, Undo, Like, a reply, a Create of a Note, an
// Announce) POSTed by a stand-in server at 50 at a time to the production server's inboxes, with the federation on.
// The pages are timed from a thread of their own; the CPU a page costs at rest is subtracted from the burst's, which tells
// what the inbox itself costs the processes that serve, per activity (a figure that a busy machine disturbs less). The stand-in signs them all before the burst: its own RSA work does not share the machine's cores with the server
// during the measure. Prints the answers by status (no 5xx is the target), the CPU time each role of the server's
// processes spent during the burst (those that serve pages, the jobs worker, the primary), the resident memory of the
// server's processes before, at its peak and after, how long the queue took to empty, and the latency of a public page
// before (the reference, same run) and during the burst: as the page cache keeps it, and rendered (a search of its own).
// Usage: npm run bench:federation (BENCH_PORT, BENCH_ACTIVITIES, BENCH_CONCURRENCY; BENCH_NODE_ARGS for a profile).
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { startFederationPeer } from '../tests/support/federation-peer';
import { ensureBuild, percentile, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3740);
const TOTAL = Number(process.env.BENCH_ACTIVITIES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PAGE = '/evenements';

function processTree(root: number): number[] {
  const children = (pid: number): number[] => {
    try {
      const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
      return text ? text.split(/\s+/).map(Number) : [];
    } catch {
      return [];
    }
  };
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...children(all[i]));
  return all;
}

function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0);
    } catch {}
  }
  return Math.round(kb / 1024);
}

/** Clock ticks of CPU (user + system) per role: the primary, the jobs worker (AGENDA_ROLE=jobs), those that serve. */
function cpuByRole(root: number, pids: number[]): Record<'primary' | 'jobs' | 'web', number> {
  const ticks = { primary: 0, jobs: 0, web: 0 };
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const used = Number(fields[11]) + Number(fields[12]);
      const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
      const role = pid === root ? 'primary' : env.includes('AGENDA_ROLE=jobs') ? 'jobs' : 'web';
      ticks[role] += used;
    } catch {}
  }
  return ticks;
}

/** Latencies (ms) of the page as most visitors get it (from the page cache) and of a render (a search never made). */
interface Latencies {
  cached: number[];
  rendered: number[];
}

/**
 * Page latencies measured one after the other until `until` resolves, from a thread of their own (the burst's 50
 * connections keep this thread's event loop busy, and a page timed here would count that wait as the server's): in
 * turn the list as kept by the page cache, and a search of its own (`phase` keeps the burst's searches apart from the
 * reference's, which the cache would otherwise answer).
 */
async function pageLatencies(base: string, phase: string, until: Promise<unknown>): Promise<Latencies> {
  const probe = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let done = false;
    parentPort.once('message', () => { done = true; });
    (async () => {
      const times = { cached: [], rendered: [] };
      for (let i = 0; !done; i++) {
        const rendered = i % 2 === 1;
        const url = rendered ? workerData.url + '?q=' + workerData.phase + i : workerData.url;
        const start = performance.now();
        const res = await fetch(url, { headers: { Connection: 'close', 'Accept-Encoding': 'gzip, br' } });
        await res.arrayBuffer();
        (rendered ? times.rendered : times.cached).push(performance.now() - start);
      }
      parentPort.postMessage(times);
    })();`,
    { eval: true, workerData: { url: `${base}${PAGE}`, phase } },
  );
  const times = new Promise<Latencies>((resolve) => probe.once('message', resolve));
  await until;
  probe.postMessage('stop');
  const result = await times;
  await probe.terminate();
  return { cached: result.cached.sort((a, b) => a - b), rendered: result.rendered.sort((a, b) => a - b) };
}

function activity(i: number, actor: string, site: string): Record<string, unknown> {
  const id = `${actor}#bench/${i}`;
  const base = { '@context': 'https://www.w3.org/ns/activitystreams', id, actor };
  switch (i % 6) {
    case 0:
      return { ...base, type: 'Follow', object: `${site}/federation/acteurs/agenda` };
    case 1:
      return {
        ...base,
        type: 'Undo',
        object: { id: `${actor}#bench/${i - 1}`, type: 'Follow', actor, object: `${site}/federation/acteurs/agenda` },
      };
    case 2:
      return { ...base, type: 'Like', object: `${site}/federation/evenements/x${i}` };
    case 3:
      return { ...base, type: 'Announce', object: `${site}/federation/evenements/x${i}` };
    default:
      return {
        ...base,
        type: 'Create',
        object: {
          id: `${id}/note`,
          type: 'Note',
          attributedTo: actor,
          content: `<p>Réponse ${i}</p>`,
          inReplyTo: `${site}/federation/evenements/x${i}`,
        },
      };
  }
}

/** Waits until the federation's queue is empty and no publication was recorded for two seconds (at most a minute). */
async function federationSettled(dataDir: string) {
  const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true, fileMustExist: true });
  const state = () =>
    JSON.stringify(
      db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM federation_queue) AS queued,
             (SELECT COUNT(*) FROM federation_records WHERE kind = 'published') AS published`,
        )
        .get(),
    );
  try {
    let last = '';
    let stableSince = performance.now();
    for (const until = performance.now() + 60_000; performance.now() < until; ) {
      const now = state();
      if (now !== last) [last, stableSince] = [now, performance.now()];
      else if (now.includes('"queued":0') && performance.now() - stableSince >= 2000) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    db.close();
  }
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('federation-bench');
  const site = `http://127.0.0.1:${PORT}`;
  const server = await startServer(dataDir, PORT, {
    SEED_DEMO: 'true',
    FEDERATION: 'on',
    FEDERATION_TEST_MODE: '1',
    SITE_URL: site,
  });
  const peer = await startFederationPeer(PORT + 1);
  try {
    const pids = () => processTree(server.child.pid as number);
    // The demo's events are published at start (a record each, deliveries queued): the reference waits for the end of
    // that work, which would otherwise be measured with the page « alone ».
    await federationSettled(dataDir);
    // Warm up (the page cache, the actor's key), then the reference: the page alone for 10 s.
    for (let i = 0; i < 20; i++) await (await fetch(`${site}${PAGE}`)).arrayBuffer();
    await fetch(`${site}/federation/acteurs/agenda`, { headers: { Accept: 'application/activity+json' } });
    const root = server.child.pid as number;
    const cpuAtRest = cpuByRole(root, pids());
    const reference = await pageLatencies(site, 'repos', new Promise((r) => setTimeout(r, 10_000)));
    // What a page costs the processes that serve, at rest: subtracted from the burst's to tell the inbox's own share.
    const pairs = (l: Latencies) => (l.cached.length + l.rendered.length) / 2;
    const pageCpuMs = ((cpuByRole(root, pids()).web - cpuAtRest.web) * 10) / pairs(reference);
    const rssBefore = rssMb(pids());
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pids()));
    }, 50);

    // Signed beforehand (a Date within Fedify's hour), sent during the burst.
    const requests = await Promise.all(
      Array.from({ length: TOTAL }, (_, i) =>
        peer.signed(
          i % 2 ? `${site}/federation/boite` : `${site}/federation/acteurs/agenda/boite`,
          activity(i, peer.actorId, site),
        ),
      ),
    );
    const cpuBefore = cpuByRole(root, pids());
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    const burst = (async () => {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < TOTAL) {
            const i = next++;
            const res = await fetch(requests[i]).catch(() => null);
            const status = res?.status ?? 0;
            await res?.arrayBuffer().catch(() => {});
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    })();
    const during = await pageLatencies(site, 'rafale', burst);
    const burstMs = performance.now() - started;
    const cpuAfter = cpuByRole(root, pids());
    // The queue the jobs worker empties (read from the store's file, as an operator would).
    const db = new Database(`${dataDir}/agenda.sqlite`, { readonly: true, fileMustExist: true });
    let drainedMs = Number.NaN;
    for (let t = 0; t < 600; t++) {
      const { n } = db.prepare('SELECT COUNT(*) AS n FROM federation_queue').get() as { n: number };
      if (n === 0) {
        drainedMs = performance.now() - started;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    db.close();
    const cpuDrained = cpuByRole(root, pids());
    clearInterval(sampler);
    const rssAfter = rssMb(pids());
    const fmt = (xs: number[]) =>
      `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms, max ${xs[xs.length - 1]?.toFixed(1)} ms (${xs.length} requêtes)`;
    console.log(`Boîte sous une rafale de ${TOTAL} activités signées, ${CONCURRENCY} à la fois :`);
    console.log(
      `  réponses : ${[...statuses]
        .sort()
        .map(([s, n]) => `${s} × ${n}`)
        .join(', ')}`,
    );
    console.log(`  5xx : ${[...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0)}`);
    console.log(
      `  rafale envoyée en ${(burstMs / 1000).toFixed(1)} s, file vide après ${(drainedMs / 1000).toFixed(1)} s`,
    );
    const cpu = (role: keyof typeof cpuAfter) =>
      `${((cpuAfter[role] - cpuBefore[role]) * 10).toLocaleString('fr-CH')} ms`;
    console.log(
      `  CPU pendant la rafale : processus qui servent ${cpu('web')}, processus des tâches ${cpu('jobs')} (${((cpuDrained.jobs - cpuBefore.jobs) * 10).toLocaleString('fr-CH')} ms jusqu’à la file vide), principal ${cpu('primary')}`,
    );
    const inboxWebMs = (cpuAfter.web - cpuBefore.web) * 10 - pageCpuMs * pairs(during);
    console.log(
      `  dont la boîte (processus qui servent, moins ${pairs(during)} paires de pages à ${pageCpuMs.toFixed(1)} ms chacune comme au repos) : ${(inboxWebMs / TOTAL).toFixed(2)} ms par activité`,
    );
    console.log(
      `  mémoire résidente (tous les processus) : ${rssBefore} Mo avant, ${rssPeak} Mo au plus haut, ${rssAfter} Mo après`,
    );
    console.log(`  ${PAGE} en cache, seule (référence, 10 s) : ${fmt(reference.cached)}`);
    console.log(`  ${PAGE} en cache, pendant la rafale : ${fmt(during.cached)}`);
    console.log(`  ${PAGE}?q=… rendue, seule (référence) : ${fmt(reference.rendered)}`);
    console.log(`  ${PAGE}?q=… rendue, pendant la rafale : ${fmt(during.rendered)}`);
  } finally {
    await peer.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
