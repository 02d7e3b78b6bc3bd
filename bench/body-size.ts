// Oversized request bodies against the production server (issue 16 §3): 64 MB url-encoded to /contact without a
// session (with and without a valid CSRF token, with a declared length and chunked), 32 MB chunked to the payment
// webhook, multipart forms of 10,000 parts. Prints each answer and how much each worker's memory grew (resident set
// size read from /proc, sampled every 10 ms while the request runs); the target is less than 20 MB.
// Usage: npm run bench:body
import fs from 'node:fs';
import http from 'node:http';
import { ensureBuild, hiddenFields, mergeCookies, organizerSession, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3260);
const MB = 1024 * 1024;
const TARGET_MB = 20;

/** The worker processes of the server (children of its primary). */
function workerPids(primary: number): number[] {
  const children = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8').trim();
  return children ? children.split(/\s+/).map(Number) : [primary];
}

/** The resident set size of a process, or NaN once it is gone (a worker that died is reported, not measured). */
function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) * 1024;
  } catch {
    return Number.NaN;
  }
}

interface Sent {
  status: number;
  text: string;
}

/** Streams a body of `size` bytes (`head` first, then filler), declared or chunked; resolves on the answer. */
function send(
  base: string,
  path: string,
  options: { size: number; head?: string; tail?: string; type: string; cookie?: string; chunked?: boolean },
): Promise<Sent> {
  return new Promise((resolve) => {
    const head = Buffer.from(options.head ?? '');
    const tail = Buffer.from(options.tail ?? '');
    const fillerSize = Math.max(0, options.size - head.length - tail.length);
    const request = http.request(`${base}${path}`, {
      method: 'POST',
      agent: false,
      headers: {
        'Content-Type': options.type,
        Origin: base,
        Accept: 'text/html',
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...(options.chunked ? {} : { 'Content-Length': String(head.length + fillerSize + tail.length) }),
      },
    });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        request.destroy();
      });
    });
    // Once the server has answered (413) and stops reading, the rest of the upload fails: expected. A connection cut
    // before any answer is reported as such (status 0).
    request.on('error', (error) => {
      if (!answered) resolve({ status: 0, text: `connexion coupée sans réponse : ${(error as Error).message}` });
    });
    const filler = Buffer.alloc(64 * 1024, 'a');
    (async () => {
      request.write(head);
      for (let sent = 0; sent < fillerSize && !answered && !request.destroyed; sent += filler.length) {
        const piece = fillerSize - sent < filler.length ? filler.subarray(0, fillerSize - sent) : filler;
        if (!request.write(piece)) await new Promise((r) => request.once('drain', r));
        // Like a browser, read the answer while sending: an early 413 stops the upload.
        await new Promise((r) => setImmediate(r));
      }
      if (!answered && !request.destroyed) request.end(tail);
    })().catch(() => {});
  });
}

function multipartParts(parts: number, fields: Record<string, string>) {
  const boundary = '----benchFrontiere';
  const own = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const filler = Array.from(
    { length: parts },
    (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="champ${i}"\r\n\r\nx\r\n`,
  );
  const body = `${[...own, ...filler].join('')}--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

interface Scenario {
  name: string;
  run: () => Promise<Sent>;
}

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('body');
  const server = await startServer(dataDir, PORT, { SEED_DEMO: 'true', RATE_LIMIT_FORMS_PER_MINUTE: '1000' });
  const base = server.base;
  try {
    const contact = await fetch(`${base}/contact`);
    const visitor = mergeCookies('', contact);
    const fields = hiddenFields(await contact.text());
    const formHead = `${new URLSearchParams({ ...fields, name: 'Ada', email: 'ada@exemple.ch', subject: 'Gros' })}&message=`;
    const { cookie: organizer, hidden: submitFields } = await organizerSession(
      base,
      'organisateur@demo.agenda-romand.ch',
      'Romandie-Orga-2026',
    );
    // A visitor's contact form, 64 MB long, with a valid CSRF token: sent whole or by chunks.
    const bigContactForm = {
      size: 64 * MB,
      head: formHead,
      type: 'application/x-www-form-urlencoded',
      cookie: visitor,
    };
    const manyParts = multipartParts(10_000, submitFields);
    const manyPartsContact = multipartParts(10_000, fields);

    const scenarios: Scenario[] = [
      {
        name: '/contact, 64 Mo url-encodés, sans session ni jeton',
        run: () =>
          send(base, '/contact', { size: 64 * MB, head: 'message=', type: 'application/x-www-form-urlencoded' }),
      },
      {
        name: '/contact, 64 Mo url-encodés, jeton CSRF valable',
        run: () => send(base, '/contact', bigContactForm),
      },
      {
        name: '/contact, 64 Mo url-encodés par morceaux, jeton valable',
        run: () => send(base, '/contact', { ...bigContactForm, chunked: true }),
      },
      {
        name: '/payment/webhook, 32 Mo par morceaux',
        run: () =>
          send(base, '/payment/webhook', { size: 32 * MB, head: '{"id":"', type: 'application/json', chunked: true }),
      },
      {
        name: '/organizer/submit-event, multipart de 10 000 parties',
        run: () =>
          send(base, '/organizer/submit-event', {
            size: manyParts.body.length,
            head: manyParts.body,
            type: manyParts.type,
            cookie: organizer,
            chunked: true,
          }),
      },
      {
        name: '/contact, multipart de 10 000 parties',
        run: () =>
          send(base, '/contact', {
            size: manyPartsContact.body.length,
            head: manyPartsContact.body,
            type: manyPartsContact.type,
            cookie: visitor,
          }),
      },
    ];

    // Warm-up, several of each, so that every worker gets its share: small posts to each route (each worker loads its
    // modules once), and refused bodies (the first refusal of a worker formats an error stack: with the source maps tsx
    // turns on, Node parses them once, about 40 MB, whatever the body). The figures below are then the bodies' own cost.
    const small = multipartParts(100, submitFields);
    for (let i = 0; i < 4; i++) {
      for (const path of ['/contact', '/payment/webhook', '/organizer/submit-event']) {
        await send(base, path, { size: 10, head: 'x=1', type: 'application/x-www-form-urlencoded', cookie: organizer });
      }
    }
    // Requests go to the workers in turn: as many refusals of each kind in a row as there are workers (and one more):
    // too many parts, too long announced, too long by chunks. The rest of a refused body is read and dropped, up to
    // 16 MB (decision 023): the first time on a worker, V8 grows its young generation to that pace (a one-off of
    // 15 to 30 MB, never kept per request); a 20 MB body per worker here, a third of the measured ones.
    for (let i = 0; i < 3; i++) {
      await send(base, '/organizer/submit-event', {
        size: small.body.length,
        head: small.body,
        type: small.type,
        cookie: organizer,
      });
    }
    for (const chunked of [false, true]) {
      for (let i = 0; i < 3; i++) {
        await send(base, '/contact', {
          size: 20 * MB,
          head: 'message=',
          type: 'application/x-www-form-urlencoded',
          chunked,
        });
      }
    }
    const pids = workerPids(server.child.pid as number);
    console.log(
      `Corps de requête démesurés : ${pids.length} processus (${pids.join(', ')}), objectif < ${TARGET_MB} Mo\n`,
    );
    console.log(
      `${'envoi'.padEnd(58)}${'statut'.padStart(7)}${'durée'.padStart(9)}  croissance de la mémoire par processus`,
    );
    let worst = 0;
    for (const scenario of scenarios) {
      const baseline = new Map(pids.map((pid) => [pid, rssBytes(pid)]));
      const peak = new Map(baseline);
      const sampler = setInterval(() => {
        for (const pid of pids) peak.set(pid, Math.max(peak.get(pid) ?? 0, rssBytes(pid)));
      }, 10);
      const started = Date.now();
      const answer = await scenario.run();
      const ms = Date.now() - started;
      // The drained rest of the body and the connection's end are part of the cost: a last look after them.
      await new Promise((r) => setTimeout(r, 300));
      clearInterval(sampler);
      for (const pid of pids) peak.set(pid, Math.max(peak.get(pid) ?? 0, rssBytes(pid)));
      const growth = pids.map((pid) => ((peak.get(pid) ?? 0) - (baseline.get(pid) ?? 0)) / MB);
      worst = Math.max(worst, ...growth);
      if (answer.status === 0) console.log(`    (${answer.text})`);
      console.log(
        `${scenario.name.padEnd(58)}${String(answer.status).padStart(7)}${`${ms} ms`.padStart(9)}  ${growth.map((g) => `+${g.toFixed(1)} Mo`).join('  ')}`,
      );
    }
    console.log(`\nCroissance la plus forte d’un processus : ${worst.toFixed(1)} Mo (objectif < ${TARGET_MB} Mo)`);
    if (worst >= TARGET_MB) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
