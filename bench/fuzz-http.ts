// Hostile input over HTTP (issues 10 and 16): every action of the app (each route that accepts a POST) receives 1,000
// generated bodies from the production server's point of view: urlencoded, multipart and JSON, the form's own field
// names with hostile values, unknown and repeated fields, huge values, broken encodings, with and without a valid
// session and CSRF token; and the families of issue 16: open-redirect payloads in every field (a redirect must stay on
// this site), bodies past every limit (declared or chunked), chunked transfers, multipart forms of thousands of parts.
// Then the families of issue 31 (fuzz-families.ts): bodies and headers trickled a byte at a time, which the server must
// answer (408) and close within its time limits, and « Importer depuis un lien » on pages nested thousands of levels
// deep. Fails on any 5xx, any answer that shows a stack trace, SQL text or a file path, any connection cut without an
// answer, any redirect to another site, and any slow connection still open past the limits.
// Usage: npm run bench:fuzz        (FUZZ_RUNS=200 for a quicker run)
import fs from 'node:fs';
import fc from 'fast-check';
import { MODERATION_DECISIONS } from '../app/domain/moderation';
import { REDIRECT_PAYLOADS, staysOnSite } from '../tests/support/redirect-corpus';
import { type FamilyResult, nestedPages, slowRequests } from './fuzz-families';
import { ensureBuild, hiddenFields, logIn, mergeCookies, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3250);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const IN_FLIGHT = Number(process.env.FUZZ_IN_FLIGHT ?? 6);
/** The server's time limits for this run: short, so that the slow family is over in seconds. */
const HEADERS_SECONDS = 3;
const REQUEST_SECONDS = 6;

type Who = 'visiteur' | 'organisateur' | 'admin';

interface Target {
  path: string;
  /** The page whose form posts here (its field names and CSRF token are used), if any. */
  page?: string;
  /** Field names of a form without its own page (endpoints called by scripts). */
  fields?: string[];
  intents?: string[];
}

const ADMIN_INTENTS = [...MODERATION_DECISIONS, 'create', 'update'];
const TARGETS = (eventId: string): Target[] => [
  { path: '/contact', page: '/contact' },
  { path: '/cookies', page: '/', fields: ['analytics', 'marketing', 'redirectTo', 'choice', 'intent'] },
  { path: '/analytics/pageview', fields: ['path', 'title'] },
  { path: '/push/subscription', fields: ['intent', 'deviceId', 'token', 'userAgent', 'platform'] },
  { path: '/auth/login', page: '/auth/login', fields: ['redirect'] },
  { path: '/auth/register', page: '/auth/register', fields: ['redirect'] },
  { path: '/auth/forgot-password', page: '/auth/forgot-password' },
  { path: '/auth/reset-password', page: '/auth/reset-password', fields: ['token', 'password'] },
  { path: '/auth/verify-email', page: '/auth/verify-email' },
  { path: '/auth/email-verification', page: '/auth/email-verification' },
  { path: '/auth/session', fields: ['idToken', 'redirect'] },
  { path: '/dashboard', page: '/dashboard', intents: ['cancel', 'undo'] },
  { path: '/organizer/dashboard', page: '/organizer/dashboard', intents: ['cancel', 'undo'] },
  { path: '/organizer/profile', page: '/organizer/profile', intents: ['name', 'password', 'resend', 'sessions'] },
  { path: '/organizer/submit-event', page: '/organizer/submit-event' },
  { path: `/organizer/edit-event/${eventId}`, page: `/organizer/edit-event/${eventId}` },
  { path: '/organizer/image-upload', fields: ['image', 'submissionKey'] },
  { path: '/admin/events', page: '/admin/events', intents: ADMIN_INTENTS },
  { path: '/admin/categories', page: '/admin/categories', intents: ['create', 'update', 'delete', 'up', 'down'] },
  {
    path: '/admin/partners',
    page: '/admin/partners',
    intents: ['create', 'update', 'activate', 'deactivate', 'move-up', 'move-down'],
  },
  { path: '/admin/users', page: '/admin/users', intents: ['role', 'disable', 'enable'] },
  { path: '/support-us', page: '/support-us', fields: ['amount', 'name', 'email', 'publicName'] },
  { path: '/payment/webhook', fields: ['id', 'type', 'data'] },
  // Logging out last: it ends the session it is sent with.
  { path: '/auth/logout', page: '/', fields: ['redirect'] },
];

/** What must never reach a visitor: a stack trace, SQL, a path on the server. */
const LEAK =
  /\bat [^\s]+ \(?\/[^\s)]+:\d+:\d+|SqliteError|SQLITE_[A-Z]+|\bSELECT\b[^<]{0,80}\bFROM\b|\bINSERT INTO\b|constraint failed|node_modules|\/work\/|Error: .*\n\s+at /;

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE events; --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../../etc/passwd',
    '%00',
    '\u0000\u0001\u001f',
    '\ud800',
    '\u202e\u200f',
    'javascript:alert(1)',
    '//evil.example/',
    'http://evil.example/\r\nSet-Cookie: x=1',
    '9'.repeat(400),
    '-1',
    '1e309',
    'NaN',
    '[object Object]',
    '{"__proto__":{"admin":true}}',
    'true',
    '',
  ),
  fc.integer().map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  // Places to go back to, as an attacker writes them (every field gets some: redirect, redirectTo, montant…).
  fc.constantFrom(...REDIRECT_PAYLOADS),
  // Now and then something huge.
  fc.nat({ max: 20 }).map((n) => (n === 0 ? 'x'.repeat(1_100_000) : 'é'.repeat(n * 500))),
);

interface Body {
  /** Forms are urlencoded or multipart; page views, push subscriptions and webhooks also get JSON (as text too). */
  encoding: 'urlencoded' | 'multipart' | 'json' | 'json-as-text';
  /** Sent with its length, or in chunks without one (the limits must hold on the bytes received). */
  transfer: 'length' | 'chunked';
  /** Now and then past every limit: megabytes of filler, or thousands of multipart parts. */
  size: 'normal' | 'huge' | 'many-parts';
  withSession: boolean;
  withCsrf: boolean;
  fields: [string, string][];
}

const HUGE_BYTES = 9 * 1024 * 1024;
const MANY_PARTS = 5_000;

function bodies(names: string[], intents: string[]): fc.Arbitrary<Body> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...(names.length ? names : ['x'])) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'csrf', 'intent', 'id', 'slug', 'uid') },
  );
  const intent = fc.constantFrom(...intents, 'inconnu');
  return fc.record({
    encoding: fc.constantFrom('urlencoded', 'multipart', 'json', 'json-as-text'),
    transfer: fc.oneof(
      { weight: 3, arbitrary: fc.constant('length') },
      { weight: 1, arbitrary: fc.constant('chunked') },
    ),
    size: fc.oneof(
      { weight: 80, arbitrary: fc.constant('normal') },
      { weight: 1, arbitrary: fc.constant('huge') },
      { weight: 1, arbitrary: fc.constant('many-parts') },
    ),
    withSession: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    withCsrf: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    fields: fc
      .tuple(
        fc.array(fc.tuple(name, hostileText), { maxLength: 14 }),
        intents.length ? intent.map((v): [string, string][] => [['intent', v]]) : fc.constant([]),
      )
      .map(([fields, extra]) => [...extra, ...fields]),
  });
}

/** The bytes of a body as a stream of 64 KB chunks: sent chunked, never held whole (9 MB bodies). */
function chunked(head: Uint8Array, filler: number): ReadableStream<Uint8Array> {
  const block = new Uint8Array(64 * 1024).fill(0x61);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(head);
        sent = 0;
      } else if (sent < filler) {
        const size = Math.min(block.length, filler - sent);
        controller.enqueue(block.subarray(0, size));
        sent += size;
      } else controller.close();
    },
  });
}

async function encode(body: Body, csrf: string): Promise<{ payload: BodyInit; contentType?: string }> {
  const fields: [string, string][] = body.withCsrf && csrf ? [['csrf', csrf], ...body.fields] : body.fields;
  if (body.size === 'many-parts') {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    for (let i = 0; i < MANY_PARTS; i++) form.append(`champ${i}`, 'x');
    return finish(body, new Response(form));
  }
  const plain = encodePlain({ ...body, fields });
  if (body.size === 'huge') {
    const response = new Response(
      plain.payload,
      plain.contentType ? { headers: { 'Content-Type': plain.contentType } } : {},
    );
    const head = new Uint8Array(await response.arrayBuffer());
    const contentType = response.headers.get('Content-Type') ?? plain.contentType;
    return { payload: chunked(head, HUGE_BYTES), contentType };
  }
  if (body.transfer === 'chunked')
    return finish(
      body,
      new Response(plain.payload, plain.contentType ? { headers: { 'Content-Type': plain.contentType } } : {}),
    );
  return plain;
}

/** A body ready to send: its bytes and type, streamed when the transfer is chunked. */
async function finish(body: Body, response: Response): Promise<{ payload: BodyInit; contentType?: string }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('Content-Type') ?? undefined;
  return { payload: body.transfer === 'chunked' ? chunked(bytes, 0) : bytes, contentType };
}

function encodePlain(body: Body): { payload: BodyInit; contentType?: string } {
  const fields = body.fields;
  if (body.encoding === 'urlencoded') return { payload: new URLSearchParams(fields) };
  if (body.encoding === 'json' || body.encoding === 'json-as-text') {
    // An object of the fields, or now and then another JSON value (an array, a bare string).
    const value = fields.length % 4 === 1 ? fields.map((f) => f[1]) : Object.fromEntries(fields);
    return {
      payload: fields.length % 7 === 3 ? JSON.stringify(fields[0]?.[1] ?? null) : JSON.stringify(value),
      contentType: body.encoding === 'json' ? 'application/json' : 'text/plain;charset=UTF-8',
    };
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // A file part too, sometimes named like the image field.
  if (fields.length % 3 === 0) form.append('image', new Blob([fields.map((f) => f[1]).join('')]), 'photo.jpg');
  return { payload: form };
}

function formFieldNames(html: string): string[] {
  return [...new Set([...html.matchAll(/<(?:input|select|textarea)[^>]*\sname="([^"]+)"/g)].map((m) => m[1]))];
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('fuzz');
  // Each body comes from an address of its own (RFC 2544 test range, behind a trusted loopback proxy): the per-IP
  // limits (page views, push subscriptions) would otherwise answer 429 to most bodies before they are read.
  const server = await startServer(dataDir, PORT, {
    SEED_DEMO: 'true',
    RATE_LIMIT_FORMS_PER_MINUTE: '100000000',
    TRUST_PROXY: 'loopback',
    // Behind a proxy, the site's host is SITE_URL's (decision 109): this server's own address.
    SITE_URL: `http://127.0.0.1:${PORT}`,
    HEADERS_TIMEOUT_SECONDS: String(HEADERS_SECONDS),
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
    // « Importer depuis un lien » reads the nested pages from a site on this machine.
    IMPORT_ALLOW_LOOPBACK: 'true',
  });
  const base = server.base;
  const report: { path: string; who: Who; statuses: Map<number, number>; failures: string[] }[] = [];
  let failed = 0;
  let seed = 20_261_122;
  /** How many bodies of each size family were sent (all must be answered, the oversized ones refused). */
  const sizes = new Map<string, number>();
  try {
    const sessions: Record<Who, string> = {
      visiteur: mergeCookies('', await fetch(`${base}/`)),
      organisateur: await logIn(base, 'organisateur@demo.agenda-romand.ch', 'Romandie-Orga-2026'),
      admin: await logIn(base, 'admin@demo.agenda-romand.ch', 'Romandie-Admin-2026'),
    };
    // An event of the organizer's own, for the edit page.
    const dashboard = await (await fetch(`${base}/dashboard`, { headers: { Cookie: sessions.organisateur } })).text();
    const eventId = dashboard.match(/\/organizer\/edit-event\/([a-z0-9]+)/)?.[1] ?? 'inconnu';
    const started = Date.now();
    for (const target of TARGETS(eventId)) {
      for (const who of ['visiteur', 'organisateur', 'admin'] as Who[]) {
        // Each role gets its share of the runs; the admin and organizer get the pages they can open.
        const runs = Math.ceil(RUNS / 3);
        let cookie = sessions[who];
        let names = target.fields ?? [];
        let csrf = '';
        if (target.page) {
          const page = await fetch(`${base}${target.page}`, { headers: { Cookie: cookie }, redirect: 'manual' });
          cookie = mergeCookies(cookie, page);
          const html = await page.text();
          csrf = hiddenFields(html).csrf ?? '';
          names = [...new Set([...names, ...formFieldNames(html)])];
        }
        if (!csrf) {
          const home = await fetch(`${base}/contact`, { headers: { Cookie: cookie } });
          cookie = mergeCookies(cookie, home);
          csrf = hiddenFields(await home.text()).csrf ?? '';
        }
        const entry = { path: target.path, who, statuses: new Map<number, number>(), failures: [] as string[] };
        report.push(entry);
        let sent = 0;
        const samples = fc.sample(bodies(names, target.intents ?? []), { numRuns: runs, seed: seed++ });
        for (let i = 0; i < samples.length; i += IN_FLIGHT) {
          await Promise.all(
            samples.slice(i, i + IN_FLIGHT).map(async (body) => {
              const { payload, contentType } = await encode(body, csrf);
              let status = 0;
              let text = '';
              let location: string | null = null;
              try {
                const response = await fetch(`${base}${target.path}`, {
                  method: 'POST',
                  body: payload,
                  ...(payload instanceof ReadableStream ? { duplex: 'half' } : {}),
                  headers: {
                    ...(body.withSession ? { Cookie: cookie } : {}),
                    ...(contentType ? { 'Content-Type': contentType } : {}),
                    Origin: base,
                    'X-Forwarded-For': `198.18.${(sent >> 8) & 255}.${sent++ & 255}`,
                  },
                  redirect: 'manual',
                });
                status = response.status;
                location = response.headers.get('Location');
                text = await response.text();
              } catch (error) {
                entry.failures.push(
                  `pas de réponse : ${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')} (${JSON.stringify(body.fields).length} car.)`,
                );
                return;
              }
              entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
              if (status >= 500)
                entry.failures.push(`HTTP ${status} pour ${JSON.stringify(body.fields).slice(0, 300)}`);
              const leak = text.match(LEAK);
              if (leak) entry.failures.push(`fuite « ${leak[0].slice(0, 80)} » (HTTP ${status})`);
              // A redirect stays on this site (Stripe's checkout page is the one other place a POST may send to).
              const external =
                location?.startsWith('http') && !location.startsWith(base) && !location.includes('/c/pay/');
              if (location && (external || (!location.startsWith('http') && !staysOnSite(location)))) {
                entry.failures.push(`redirection hors du site : ${location.slice(0, 120)}`);
              }
              sizes.set(body.size, (sizes.get(body.size) ?? 0) + 1);
              // Past every limit: never taken in (a redirect to the login page, unread, is not taking it in).
              if (body.size !== 'normal' && status >= 200 && status < 300) {
                entry.failures.push(`corps ${body.size} accepté (HTTP ${status})`);
              }
            }),
          );
        }
        failed += entry.failures.length;
      }
    }
    // The families of issue 31: slow requests, then pages nested thousands of levels deep.
    // A fresh session: the last target (logout) ended the organizer's.
    const organizer = await logIn(base, 'organisateur@demo.agenda-romand.ch', 'Romandie-Orga-2026');
    const submit = await fetch(`${base}/organizer/submit-event`, { headers: { Cookie: organizer } });
    const families: FamilyResult[] = [
      await slowRequests(base, { headersSeconds: HEADERS_SECONDS, requestSeconds: REQUEST_SECONDS }),
      await nestedPages(
        base,
        { cookie: mergeCookies(organizer, submit), hidden: hiddenFields(await submit.text()) },
        LEAK,
        Math.max(1, Math.ceil(RUNS / 300)),
      ),
    ];
    for (const family of families) failed += family.failures.length;
    const total = report.reduce((n, r) => n + [...r.statuses.values()].reduce((a, b) => a + b, 0), 0);
    const seconds = (Date.now() - started) / 1000;
    console.log(`Fuzz HTTP : ${total} requêtes en ${Math.round(seconds)} s (${Math.round(total / seconds)} req/s)\n`);
    console.log(`${'action'.padEnd(34)}${'envois'.padStart(8)}  statuts`);
    const byPath = new Map<string, typeof report>();
    for (const r of report) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
    for (const [path, rows] of byPath) {
      const statuses = new Map<number, number>();
      for (const r of rows) for (const [s, n] of r.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
      const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
      const histogram = [...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `${path.replace(/edit-event\/.*/, 'edit-event/:id').padEnd(34)}${String(sent).padStart(8)}  ${histogram}`,
      );
      for (const r of rows) for (const f of r.failures.slice(0, 5)) console.log(`    ✗ ${r.who} : ${f}`);
    }
    for (const family of families) {
      const histogram = [...family.statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' ');
      console.log(`${family.name.padEnd(34)}${String(family.sent).padStart(8)}  ${histogram}`);
      for (const f of family.failures.slice(0, 5)) console.log(`    ✗ ${f}`);
    }
    console.log(
      `\nFamilles : ${[...sizes.entries()].map(([size, n]) => `${size} ×${n}`).join(', ')} ; corps de ${HUGE_BYTES / 1024 / 1024} Mo, formulaires de ${MANY_PARTS} parties, charges de redirection : ${REDIRECT_PAYLOADS.length}`,
    );
    console.log(`${failed} réponse(s) en défaut (5xx, fuite, sans réponse, redirection hors du site) ; objectif : 0`);
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
