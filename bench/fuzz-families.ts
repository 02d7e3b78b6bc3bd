// Two families of hostile input for the HTTP fuzz (issue 31), beside its generated bodies (fuzz-http.ts):
// - slow requests: bodies trickled a byte at a time (within and past the form's limit) and headers that never end,
//   sent at once on several connections; each must get an answer (408, or 413 then 408) and be closed by the server
//   before the client is done, within the server's time limits;
// - nested pages: « Importer depuis un lien » pointed at pages that nest JSON-LD arrays, @graph, objects, HTML
//   elements and itemscopes thousands of levels deep (10 KB and more); each must get the usual French answer (400 with
//   the field's message, or 200 with what was read), never a 5xx or a stack trace.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export interface FamilyResult {
  name: string;
  sent: number;
  statuses: Map<string, number>;
  failures: string[];
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Sends `head`, then `trickle` bytes one every `everyMs`; resolves with what came back once the server closes. */
function trickled(base: string, head: string, trickle: number, everyMs: number, giveUpMs: number) {
  const { hostname, port } = new URL(base);
  return new Promise<{ text: string; sent: number; closedBy: 'server' | 'client'; ms: number }>((resolve) => {
    const started = Date.now();
    let text = '';
    let sent = 0;
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    const drip = setInterval(() => {
      if (sent < trickle && socket.writable) {
        socket.write('a');
        sent++;
      }
    }, everyMs);
    const giveUp = setTimeout(() => {
      finish('client');
      socket.destroy();
    }, giveUpMs);
    let done = false;
    const finish = (closedBy: 'server' | 'client') => {
      if (done) return;
      done = true;
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ text, sent, closedBy, ms: Date.now() - started });
    };
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => finish('server'));
  });
}

/**
 * The slow family against a server whose limits are `headersSeconds` and `requestSeconds`: `connections` at once,
 * each a kind of slowness; a connection the server has not closed within twice its limit is a failure.
 */
export async function slowRequests(
  base: string,
  {
    headersSeconds,
    requestSeconds,
    connections = 9,
  }: { headersSeconds: number; requestSeconds: number; connections?: number },
): Promise<FamilyResult> {
  const result: FamilyResult = { name: 'corps et en-têtes lents', sent: 0, statuses: new Map(), failures: [] };
  const host = new URL(base).host;
  const post = (path: string, length: number, i: number) =>
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Forwarded-For: 198.19.0.${i}\r\nContent-Length: ${length}\r\n\r\n`;
  const kinds = [
    // Within the form's limit: read as it comes, until the request's time is up.
    { label: 'corps de 2 Ko', head: (i: number) => post('/contact', 2048, i), trickle: 2048 },
    { label: 'corps de 20 Ko', head: (i: number) => post('/auth/login', 20 * 1024, i), trickle: 20 * 1024 },
    // Past it: refused at once (413), the rest read to keep the connection, within the same time.
    { label: 'corps de 100 Ko', head: (i: number) => post('/contact', 100 * 1024, i), trickle: 100 * 1024 },
    // Headers that never end.
    { label: 'en-têtes sans fin', head: () => `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Lent: `, trickle: 100_000 },
  ];
  const limitMs = 2 * Math.max(headersSeconds, requestSeconds) * 1000 + 2000;
  await Promise.all(
    Array.from({ length: connections }, async (_, i) => {
      const kind = kinds[i % kinds.length];
      const answer = await trickled(base, kind.head(i), kind.trickle, 100, limitMs);
      result.sent++;
      const statuses = [...answer.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      count(result.statuses, statuses.join('+') || 'aucune');
      if (answer.closedBy === 'client')
        result.failures.push(`${kind.label} : connexion encore ouverte après ${Math.round(answer.ms / 1000)} s`);
      else if (!statuses.includes('408'))
        result.failures.push(`${kind.label} : fermée sans 408 (${statuses.join('+') || 'sans réponse'})`);
      else if (!answer.text.includes('Requête trop lente'))
        result.failures.push(`${kind.label} : 408 sans le message en français`);
      if (statuses.some((s) => s.startsWith('5'))) result.failures.push(`${kind.label} : HTTP ${statuses.join('+')}`);
    }),
  );
  return result;
}

const DEPTH = 5000;
const deepHtml = (text: string) => `${'<div><span>'.repeat(DEPTH)}${text}${'</span></div>'.repeat(DEPTH)}`;
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;

/** Pages that nest thousands of levels deep, and one ordinary event to show the import still reads pages. */
const NESTED_PAGES: Record<string, string> = {
  tableaux: page(ld(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`)),
  graphe: page(ld(`${'{"@graph":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}`)),
  objets: page(
    ld(`{"@type":"Event","name":"Soirée profonde","location":${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}}`),
  ),
  'graphe-tableaux': page(ld(`${'{"@graph":['.repeat(DEPTH)}{}${']}'.repeat(DEPTH)}`)),
  million: page(ld(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)),
  balises: page('', deepHtml('rien')),
  microdonnees: page(
    '',
    `<div itemscope itemtype="https://schema.org/Event">${'<div itemprop="location" itemscope>'.repeat(DEPTH)}x${'</div>'.repeat(DEPTH)}</div>`,
  ),
  description: page(
    ld(
      JSON.stringify({
        '@type': 'Event',
        name: 'Conte profond',
        startDate: '2027-06-01T20:00:00+02:00',
        description: deepHtml('il était une fois'),
      }),
    ),
  ),
  ordinaire: page(
    ld(JSON.stringify({ '@type': 'Event', name: 'Concert ordinaire', startDate: '2027-06-01T20:00:00+02:00' })),
  ),
};

/** A local site that serves the nested pages (the server under test reads it through IMPORT_ALLOW_LOOPBACK). */
export async function startNestedSite(): Promise<{
  url(name: string): string;
  names: string[];
  close(): Promise<void>;
}> {
  const server = http.createServer((req, res) => {
    const body = NESTED_PAGES[(req.url ?? '/').slice(1)];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    names: Object.keys(NESTED_PAGES),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The nested family: « Importer depuis un lien » on each page, `rounds` times, as an organizer (`cookie`, and the
 * hidden fields of the submit page: CSRF token, honeypot). `leak` is the fuzz's pattern of what must never show.
 */
export async function nestedPages(
  base: string,
  session: { cookie: string; hidden: Record<string, string> },
  leak: RegExp,
  rounds = 3,
): Promise<FamilyResult> {
  const result: FamilyResult = { name: 'JSON-LD et HTML imbriqués', sent: 0, statuses: new Map(), failures: [] };
  const site = await startNestedSite();
  try {
    for (let round = 0; round < rounds; round++) {
      for (const name of site.names) {
        const form = new FormData();
        for (const [field, value] of Object.entries(session.hidden)) form.append(field, value);
        form.append('intent', 'importer');
        form.append('importUrl', site.url(name));
        const response = await fetch(`${base}/organizer/submit-event`, {
          method: 'POST',
          body: form,
          headers: { Cookie: session.cookie, Origin: base },
          redirect: 'manual',
        });
        const text = await response.text();
        result.sent++;
        count(result.statuses, String(response.status));
        if (response.status >= 500) result.failures.push(`${name} : HTTP ${response.status}`);
        const shown = text.match(leak);
        if (shown) result.failures.push(`${name} : fuite « ${shown[0].slice(0, 80)} »`);
        // An event found at the top of a page is read whatever nests below it; nothing found is the usual 400.
        const expected = ['ordinaire', 'objets', 'description'].includes(name) ? 200 : 400;
        if (response.status !== expected)
          result.failures.push(`${name} : HTTP ${response.status}, ${expected} attendu`);
        if (expected === 400 && !text.includes('Aucun événement lisible sur cette page'))
          result.failures.push(`${name} : le message habituel manque`);
      }
    }
  } finally {
    await site.close();
  }
  return result;
}
