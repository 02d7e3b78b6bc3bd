// The body limits at the HTTP level: a small server wired as server.ts is (the middleware, then a handler that reads
// the limited stream the way Remix does), and raw requests with a declared length or chunked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_BIG } from '~/domain/images';
import { readForm } from './form-body';
import { BODY_LIMITS, bodyLimitFor, createBodyLimits, limitedBody, TOO_MANY_PARTS, uploadPaths } from './request-body';

/** Routes as the server build lists them: the event form (two URLs, one module) and the image upload take images. */
const takesImages = { handle: { body: 'upload' } };
const ROUTES = {
  root: { id: 'root', path: '', module: {} },
  contact: { id: 'contact', parentId: 'root', path: 'contact', module: {} },
  submit: { id: 'submit', parentId: 'root', path: 'organizer/submit-event', module: takesImages },
  edit: { id: 'edit', parentId: 'root', path: 'organizer/edit-event/:id', module: takesImages },
  upload: { id: 'upload', parentId: 'root', path: 'organizer/image-upload', module: takesImages },
  admin: { id: 'admin', parentId: 'root', path: 'admin', module: {} },
  partners: { id: 'partners', parentId: 'admin', path: 'partners', module: takesImages },
} as unknown as ServerBuild['routes'];
const isUpload = uploadPaths(ROUTES);
const bodyLimits = createBodyLimits(isUpload);

interface Seen {
  /** Bytes the handler managed to read before its stream ended or failed. */
  bytes: number;
  fields: number | null;
  failed: boolean;
}

let server: http.Server;
let port: number;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    bodyLimits.refuseOversized(req, res, async () => {
      const limit = bodyLimits.limitOf(req);
      const body = limitedBody(req, res, limit, () => {});
      const entry: Seen = { bytes: 0, fields: null, failed: false };
      seen.push(entry);
      const request = new Request(`http://x${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body,
        duplex: 'half',
      } as RequestInit);
      try {
        const type = req.headers['content-type'] ?? '';
        if (type.startsWith('multipart/')) {
          // As the route's guard reads it: with the parser, within the same limit.
          entry.fields = [...(await readForm(request, limit)).keys()].length;
        } else {
          entry.bytes = (await request.arrayBuffer()).byteLength;
        }
      } catch (error) {
        entry.failed = true;
        // A refusal of the form reader is the route's answer (the guard throws it).
        if (error instanceof Response && !res.headersSent) {
          res.writeHead(error.status, { 'Content-Type': 'application/json' });
          res.end(await error.text());
        }
      }
      if (!res.headersSent) res.end(`ok ${entry.bytes} ${entry.fields}`);
      // As server.ts does after an answer: the rest of a refused body is read and dropped.
      req.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  type: string;
  text: string;
}

/** A POST with a body sent in `chunks`, with its length declared or chunked; resolves with the answer. */
function post(
  path: string,
  chunks: Buffer[],
  headers: Record<string, string>,
  mode: 'length' | 'chunked' = 'length',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((n, c) => n + c.length, 0);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: { ...headers, ...(mode === 'length' ? { 'Content-Length': String(length) } : {}) },
      agent: false,
    });
    request.on('response', (response) => {
      const parts: Buffer[] = [];
      response.on('data', (c: Buffer) => parts.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          text: Buffer.concat(parts).toString('utf8'),
        }),
      );
    });
    // The server may answer (and close) before everything is sent: that is the point.
    request.on('error', (error) => (request.writableEnded ? undefined : reject(error)));
    (async () => {
      for (const chunk of chunks) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
      }
      request.end();
    })().catch(() => {});
  });
}

const KB = 1024;
const form = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' };
const slices = (total: number, size = 16 * KB) =>
  Array.from({ length: Math.ceil(total / size) }, (_, i) => Buffer.alloc(Math.min(size, total - i * size), 'a'));

function multipartBody(parts: number, boundary = 'frontiere') {
  const fields = Array.from(
    { length: parts },
    (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
  );
  return {
    body: Buffer.from(`${fields.join('')}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('limites des corps de requête', () => {
  it('chaque route a sa limite : formulaires, images, JSON, webhook Stripe, pages vues', () => {
    expect(bodyLimitFor('/contact', 'application/x-www-form-urlencoded', isUpload)).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor('/contact.data', 'multipart/form-data; boundary=x', isUpload)).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor('/organizer/submit-event', 'multipart/form-data; boundary=x', isUpload)).toBe(
      BODY_LIMITS.upload,
    );
    expect(bodyLimitFor('/organizer/edit-event/abc.data', 'multipart/form-data; boundary=x', isUpload)).toBe(
      BODY_LIMITS.upload,
    );
    expect(bodyLimitFor('/admin/partners', 'multipart/form-data; boundary=x', isUpload)).toBe(BODY_LIMITS.upload);
    // The same route's url-encoded forms are plain forms.
    expect(bodyLimitFor('/admin/partners', 'application/x-www-form-urlencoded', isUpload)).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor('/auth/login', 'application/json', isUpload)).toBe(BODY_LIMITS.json);
    expect(bodyLimitFor('/payment/webhook', 'application/json; charset=utf-8', isUpload)).toBe(BODY_LIMITS.webhook);
    expect(bodyLimitFor('/analytics/pageview', 'text/plain', isUpload)).toBe(BODY_LIMITS.beacon);
    expect(bodyLimitFor('/Analytics/PageView/', 'text/plain', isUpload)).toBe(BODY_LIMITS.beacon);
    expect(BODY_LIMITS.form.maxBytes).toBeLessThanOrEqual(64 * KB);
    expect(BODY_LIMITS.json.maxBytes).toBeLessThanOrEqual(8 * KB);
    expect(BODY_LIMITS.upload.maxBytes).toBeLessThan(9 * KB * KB);
  });

  it('un corps qui annonce plus que sa limite reçoit un 413 en français sans être lu', async () => {
    const before = seen.length;
    const answer = await post('/contact', slices(2 * KB * KB), form);
    expect(answer.status).toBe(413);
    expect(answer.type).toContain('text/html');
    expect(answer.text).toContain('Envoi trop volumineux');
    expect(seen.length).toBe(before);
  });

  it('un corps envoyé par morceaux (sans longueur) est coupé à sa limite : le lecteur n’en voit jamais plus', async () => {
    const before = seen.length;
    const answer = await post('/contact', slices(3 * KB * KB), form, 'chunked');
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('plus volumineux que ce que ce formulaire accepte');
    const [handler] = seen.slice(before);
    expect(handler.failed).toBe(true);
    // A form's reader got at most its limit, never the whole body.
    expect(handler.bytes).toBeLessThanOrEqual(BODY_LIMITS.form.maxBytes);
  });

  it('le webhook de paiement refuse 32 Mo envoyés par morceaux, en texte', async () => {
    const answer = await post(
      '/payment/webhook',
      slices(32 * KB * KB, 64 * KB),
      { 'Content-Type': 'application/json' },
      'chunked',
    );
    expect(answer.status).toBe(413);
    expect(answer.type).toContain('text/plain');
  });

  it('une image trop grande pour la route d’envoi reçoit le message de l’image, en JSON pour le script', async () => {
    const { type } = multipartBody(1);
    const answer = await post('/organizer/image-upload', slices(10 * KB * KB, 64 * KB), {
      'Content-Type': type,
      Accept: '*/*',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: false, error: IMAGE_TOO_BIG });
  });

  it('un formulaire multipart de 10 000 champs est refusé au-delà du nombre de parties, même sous la limite d’octets', async () => {
    const { body, type } = multipartBody(10_000);
    expect(body.length).toBeLessThan(BODY_LIMITS.upload.maxBytes);
    const before = seen.length;
    const answer = await post('/organizer/submit-event', [body], { 'Content-Type': type, Accept: 'text/html' });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: TOO_MANY_PARTS });
    // The reader stopped at the limit: no form came out of it.
    expect(seen[before]).toMatchObject({ failed: true, fields: null });
  });

  it('les routes qui prennent une image le disent dans leur module (handle) : elles seules ont la limite des images', () => {
    expect(
      ['/organizer/submit-event', '/organizer/edit-event/abc', '/organizer/image-upload', '/admin/partners'].map(
        isUpload,
      ),
    ).toEqual([true, true, true, true]);
    expect(
      ['/contact', '/admin', '/organizer/edit-event', '/organizer/edit-event/a/b', '/admin/partners/x'].map(isUpload),
    ).toEqual([false, false, false, false, false]);
  });

  it('un formulaire dans ses limites passe entier, en longueur annoncée comme par morceaux', async () => {
    const { body, type } = multipartBody(30);
    for (const mode of ['length', 'chunked'] as const) {
      const before = seen.length;
      const answer = await post(
        '/organizer/submit-event',
        [body.subarray(0, 100), body.subarray(100)],
        {
          'Content-Type': type,
        },
        mode,
      );
      expect(answer.status).toBe(200);
      expect(seen[before]).toMatchObject({ failed: false, fields: 30 });
    }
    const answer = await post('/contact', slices(60 * KB), form, 'chunked');
    expect(answer).toMatchObject({ status: 200, text: `ok ${60 * KB} null` });
  });

  it('les parties se comptent quel que soit le découpage du corps en morceaux', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 50 }),
        async (parts, cuts) => {
          const { body, type } = multipartBody(parts, '----WebKitFormBoundary7MA4YWxk');
          const chunks: Uint8Array[] = [];
          let at = 0;
          for (const cut of cuts) {
            chunks.push(body.subarray(at, at + cut));
            at += cut;
          }
          chunks.push(body.subarray(at));
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              for (const chunk of chunks) if (chunk.length) controller.enqueue(chunk);
              controller.close();
            },
          });
          const request = new Request('http://x/organizer/submit-event', {
            method: 'POST',
            headers: { 'Content-Type': type },
            body: stream,
            duplex: 'half',
          } as RequestInit);
          expect([...(await readForm(request, BODY_LIMITS.upload)).keys()]).toHaveLength(parts);
        },
      ),
      { numRuns: 200 },
    );
  });
});
