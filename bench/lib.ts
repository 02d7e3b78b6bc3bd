// Shared by the scripts of bench/: a throw-away store with many events, the production server on it, and the
// small HTTP chores (log in, read a form's hidden fields) that load scripts need before they start.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

export const EVENT_COUNT = 10_000;

/** A fresh DATA_DIR, set for this process so the store modules imported afterwards open it. */
export function throwAwayDataDir(label: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agenda-${label}-`));
  process.env.DATA_DIR = dataDir;
  process.env.SEED_DEMO = 'false';
  return dataDir;
}

/**
 * Where the server runs from: the checkout, or BENCH_APP_DIR, a directory holding a copy of `build/` (and a link to
 * `node_modules`), so that a rebuild in the checkout during a long measurement does not change the pages measured.
 */
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : process.cwd();

/** Builds when there is no build, or when a source under app/ or server.ts is newer than it. */
export function ensureBuild() {
  const built = path.join(APP_DIR, 'build/server.js');
  const at = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sources = [
    path.join(APP_DIR, 'server.ts'),
    ...fs
      .readdirSync(path.join(APP_DIR, 'app'), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(APP_DIR, 'app', f)),
  ];
  if (sources.some((f) => fs.statSync(f).mtimeMs > at)) execSync('npm run build', { stdio: 'inherit' });
}

/**
 * Categories, the demo accounts and `count` approved events spread over the next 180 days (the demo events,
 * repeated with numbered titles). Returns some event ids (for detail pages) and the demo accounts.
 */
export async function seedManyEvents(
  count = EVENT_COUNT,
  series = 0,
  target?: import('../app/.server/ports').Store,
): Promise<{ ids: string[]; seriesIds: string[] }> {
  const { getServices } = await import('../app/.server/services');
  const { seedCategories } = await import('../app/.server/seed/seed');
  const store = target ?? getServices().store;
  await seedCategories({ store });
  const events = await buildManyEvents(count, series);
  await store.events.insertMany(events);
  return {
    ids: events.filter((_, i) => i % 53 === 0).map((e) => e.id),
    seriesIds: events.filter((e) => e.schedule).map((e) => e.id),
  };
}

/** The events of seedManyEvents, not stored: the demo events numbered, one in `count / series` a weekly series. */
export async function buildManyEvents(count: number, series: number) {
  const { buildSeedEvent } = await import('../app/.server/seed/seed');
  const { SEED_EVENTS } = await import('../app/.server/seed/demo-data');
  const { zurichToday } = await import('../app/domain/dates');
  const approved = SEED_EVENTS.filter((s) => (s.status ?? 'approved') === 'approved');
  const today = zurichToday();
  const now = new Date().toISOString();
  const { scheduleSpan } = await import('../app/.server/schedule/schedule-expand');
  const { addDaysToDate } = await import('../app/domain/dates');
  const { weekdayOf } = await import('../app/domain/schedule');
  return Array.from({ length: count }, (_, i) => {
    const spec = approved[i % approved.length];
    const event = buildSeedEvent({ ...spec, dayOffset: i % 180, endDayOffset: undefined }, today, null, now);
    const numbered = {
      ...event,
      id: `bench${i.toString(36)}`,
      title: `${spec.title} #${i + 1}`,
      featured: i % 97 === 0,
    };
    if (i % Math.max(1, Math.floor(count / series)) !== 0 || i / Math.floor(count / series) >= series) return numbered;
    // One event in ten a weekly series of 52 dates from its day on (decision 041): about 50 upcoming dates each.
    const firstDate = addDaysToDate(today, i % 7);
    const schedule = {
      kind: 'rule' as const,
      firstDate,
      start: spec.allDay ? '10:00' : spec.start,
      end: '',
      freq: 'weekly' as const,
      interval: 1,
      byDay: [weekdayOf(firstDate)],
      monthly: null,
      until: '',
      count: 52,
      exclude: [],
    };
    const span = scheduleSpan(schedule);
    return span ? { ...numbered, allDay: false, schedule, ...span } : numbered;
  });
}

/** Creates (or resets) accounts with a known password, straight in the store. */
export async function createAccounts(
  accounts: { email: string; password: string; role: 'organizer' | 'admin' }[],
): Promise<void> {
  const { getServices } = await import('../app/.server/services');
  const { hashPassword } = await import('../app/.server/identity/password');
  const { stableId } = await import('../app/.server/platform/ids');
  const { store } = getServices();
  const now = new Date().toISOString();
  for (const a of accounts) {
    await store.users.upsert({
      uid: stableId(`user:${a.email}`, 20),
      email: a.email,
      displayName: a.email.split('@')[0],
      role: a.role,
      passwordHash: await hashPassword(a.password),
      emailVerified: true,
      now,
    });
  }
}

export interface RunningServer {
  base: string;
  child: ChildProcess;
  /** SIGTERM, then wait for the whole process group to be gone. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group (primary and workers): a crash. */
  crash(): Promise<void>;
}

/**
 * A memory control group of `mb` megabytes, as a container's limit (Cloud Run's 512 MiB is one): cgroup v2 (`memory.max`)
 * or v1 (`memory.limit_in_bytes`). Node reads the limit at its start and sizes V8's heap from it (a quarter of it for the
 * old generation, instead of a quarter of the machine's memory). Null where this process may not make one.
 */
export function memoryGroup(mb: number): {
  /** The file a process writes its pid to, to enter the group. */
  procs: string;
  /** The group's peak (the kernel's count: what its processes hold, plus the file pages they read) and its OOM kills. */
  peak(): { mb: number; oomKills: number };
  /** Starts the peak afresh (v1; v2 from Linux 6.12), so that it counts only what follows. */
  resetPeak(): void;
  remove(): void;
} | null {
  const name = `agenda-bench-${process.pid}`;
  const v2 = fs.existsSync('/sys/fs/cgroup/cgroup.controllers');
  const dir = v2 ? `/sys/fs/cgroup/${name}` : `/sys/fs/cgroup/memory/${name}`;
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/${v2 ? 'memory.max' : 'memory.limit_in_bytes'}`, String(mb * 1024 * 1024));
  } catch {
    return null;
  }
  const read = (file: string) => (fs.existsSync(`${dir}/${file}`) ? fs.readFileSync(`${dir}/${file}`, 'utf8') : '');
  return {
    procs: `${dir}/cgroup.procs`,
    peak: () => ({
      mb: Number(read(v2 ? 'memory.peak' : 'memory.max_usage_in_bytes') || 0) / 1024 / 1024,
      oomKills: Number(/oom_kill (\d+)/.exec(read(v2 ? 'memory.events' : 'memory.oom_control'))?.[1] ?? 0),
    }),
    resetPeak: () => {
      try {
        fs.writeFileSync(`${dir}/${v2 ? 'memory.peak' : 'memory.max_usage_in_bytes'}`, '0');
      } catch {}
    },
    remove: () => {
      try {
        fs.rmdirSync(dir);
      } catch {}
    },
  };
}

/**
 * Starts the production server (its own process group) and waits until /healthz answers. With `inGroup` (a memory
 * group's `procs`), the server starts inside it: it enters before Node starts, as in a container.
 */
export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  appDir = APP_DIR,
  inGroup?: string,
): Promise<RunningServer> {
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags for the server's processes (its workers inherit them), e.g. `--cpu-prof --cpu-prof-dir=…`.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const command = [process.execPath, ...nodeArgs, path.join(appDir, 'build/server.js')];
  const [file, ...args] = inGroup ? ['/bin/sh', '-c', 'echo $$ > "$0" && exec "$@"', inGroup, ...command] : command;
  const child = spawn(file, args, {
    cwd: appDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const groupGone = async () => {
    await exited;
    // Workers leave when their primary does; wait until none answers any more.
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(-(child.pid as number), 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('le serveur s’est arrêté au démarrage');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    child,
    async stop() {
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {}
      await groupGone();
    },
    async crash() {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
      await groupGone();
    },
  };
}

/** The Cookie header built from a response's Set-Cookie headers, merged into an existing one. */
export function mergeCookies(existing: string, response: Response): string {
  const jar = new Map(
    existing
      .split('; ')
      .filter(Boolean)
      .map((c) => [c.split('=')[0], c] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0];
    jar.set(pair.split('=')[0], pair);
  }
  return [...jar.values()].join('; ');
}

/** The hidden fields a form sends back: CSRF token, keys, and the honeypot (its trap empty, its timestamp kept). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input[^>]*>/g)) {
    const tag = match[0];
    const name = tag.match(/name="([^"]+)"/)?.[1];
    const isHoneypot = name === 'website_confirm' || name === 'from_confirm';
    if (!name || name in fields || !(isHoneypot || /type="hidden"/.test(tag))) continue;
    fields[name] = (tag.match(/value="([^"]*)"/)?.[1] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

/** Logs in through the real login form; returns the session's Cookie header. */
export async function logIn(base: string, email: string, password: string): Promise<string> {
  const page = await fetch(`${base}/auth/login`);
  let cookie = mergeCookies('', page);
  const form = new URLSearchParams({ ...hiddenFields(await page.text()), email, password });
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie, Origin: base },
    redirect: 'manual',
  });
  if (response.status !== 302) throw new Error(`connexion refusée pour ${email} (${response.status})`);
  cookie = mergeCookies(cookie, response);
  return cookie;
}

/** An organizer's session and the hidden fields of its submit form (CSRF token, honeypot), as a browser would get them. */
export async function organizerSession(
  base: string,
  email: string,
  password: string,
): Promise<{ cookie: string; hidden: Record<string, string> }> {
  const cookie = await logIn(base, email, password);
  const page = await fetch(`${base}/organizer/submit-event`, { headers: { Cookie: cookie } });
  return { cookie, hidden: hiddenFields(await page.text()) };
}

/** A multipart body from plain fields. */
export function multipart(fields: Record<string, string>): { body: string; contentType: string } {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The fields of a valid event submission (a concert in Lausanne, `days` from now). */
export function eventFields(title: string, days = 30): Record<string, string> {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    category: 'musique',
    description: 'Un concert de musique de chambre, suivi d’un apéritif offert par la société de développement.',
    startDate: date,
    startTime: '19:30',
    endTime: '21:30',
    venueName: 'Salle Paderewski',
    street: 'Avenue du Théâtre 4',
    postalCode: '1005',
    city: 'Lausanne',
    canton: 'VD',
    priceMin: '20',
    priceMax: '35',
    organizerName: 'Société de musique',
    contactEmail: 'concerts@exemple.ch',
  };
}

/** Exact percentile of a list of latencies (ms). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Each script a page loads at start (module scripts and modulepreloads under /assets), with its gzipped size in KB. */
export async function initialScripts(base: string, urlPath: string): Promise<{ url: string; kb: number }[]> {
  const html = await (await fetch(`${base}${urlPath}`)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const scripts = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
    scripts.push({ url, kb: gzipSync(body).length / 1024 });
  }
  return scripts.sort((a, b) => b.kb - a.kb);
}

/** The CPU time (user + system) of a process group so far (a server started here: primary and workers), in ms. */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (fields[2] === String(pgid)) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10;
}

/**
 * The CPU ms per request of a server started here (primary and workers) for one slice of load on one URL: 4
 * connections for `seconds`, with the request headers given (the coding asked for, say). A non-2xx answer throws.
 */
export async function cpuPerRequest(
  server: RunningServer,
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const before = groupCpuMs(server.child.pid as number);
  const result = await autocannon({ url: `${server.base}${url}`, connections: 4, duration: seconds, headers });
  if (result.non2xx || result.errors) throw new Error(`${url} : ${result.non2xx} réponses non 2xx`);
  return (groupCpuMs(server.child.pid as number) - before) / Math.max(1, result.requests.total);
}

/** The CPU benches' slices: BENCH_ROUNDS rounds, each measure BENCH_SLICE seconds in each round. */
export const SLICES = { rounds: Number(process.env.BENCH_ROUNDS ?? 5), seconds: Number(process.env.BENCH_SLICE ?? 1) };

/**
 * The median CPU ms per request of each measure (a URL asked for with some request headers), its slices alternated
 * round after round with the others' so that the machine's noise is shared. `around` runs each slice (to see what it
 * changed, say).
 */
export async function alternatedCpu(
  server: RunningServer,
  measures: { key: string; url: string; headers?: Record<string, string> }[],
  around: (key: string, slice: () => Promise<number>) => Promise<number> = (_key, slice) => slice(),
): Promise<(key: string) => number> {
  const samples = new Map<string, number[]>();
  for (let round = 0; round < SLICES.rounds; round++)
    for (const { key, url, headers } of measures) {
      const ms = await around(key, () => cpuPerRequest(server, url, SLICES.seconds, headers));
      samples.set(key, [...(samples.get(key) ?? []), ms]);
    }
  return (key) => median(samples.get(key) ?? [Number.NaN]);
}

/** The middle of some measures (the mean of the two middle ones when their count is even). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)] + sorted[Math.ceil((sorted.length - 1) / 2)]) / 2;
}

/** The pages the render benches measure, the bare Remix page first; `home` adds the home page. */
export function renderedPages(
  ids: string[],
  seriesIds: string[],
  { home = false, places = false } = {},
): [string, string][] {
  return [
    ['page Remix minimale', '/healthz'],
    ...(home ? [['accueil', '/'] as [string, string]] : []),
    // The bare page of bench:scale, and the index of the venues (200 links to them).
    ...(places
      ? ([
          ['page nue /about', '/about'],
          ['/lieux', '/lieux'],
        ] as [string, string][])
      : []),
    ['liste', '/evenements'],
    ['recherche', '/evenements?q=concert'],
    ['ce week-end', '/evenements?quand=week-end'],
    ['musique + Vaud', '/evenements?category=musique&canton=VD'],
    ['fiche', `/evenement/${ids[Math.floor(ids.length / 3)]}`],
    ...(seriesIds.length ? [['fiche d’une série', `/evenement/${seriesIds[0]}`] as [string, string]] : []),
  ];
}
