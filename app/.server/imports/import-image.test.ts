// Import from a link, the page's image: fetched through the safe fetcher from a local server (loopback allowed only by
// the test setting), kept as the organizer's pending upload with a preview, or refused with a French notice while the
// rest of the form is still prefilled.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/factories';
import { createDiskFileStore } from '../files/disk';
import { IMAGE_MAX_BYTES, takePendingImage } from '../files/images';
import { createSafeFetch } from '../platform/safe-fetch';
import { IMAGE_IMPORT_MESSAGES, importLinkImage } from './import-image';
import { prefillFromLink } from './link-answer';

const organizer = makeUser({ displayName: 'Salle du Port' });
const files = createDiskFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-import-image-')));
const fetchText = createSafeFetch({ allowLoopback: true });
let png: Buffer;
let server: http.Server;
let base: string;
const open = new Set<http.ServerResponse>();

const pageWith = (image: unknown) =>
  `<!doctype html><title>x</title><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: 'Nuit du jazz',
    startDate: '2027-06-05T21:00:00+02:00',
    location: { '@type': 'Place', name: 'Salle du Port', address: { addressLocality: 'Morges' } },
    ...(image === undefined ? {} : { image }),
  })}</script>`;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/page')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(pageWith(JSON.parse(url.searchParams.get('image') ?? 'null') ?? undefined));
    if (url.pathname === '/affiche.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.pathname === '/grande.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(IMAGE_MAX_BYTES + 1));
    if (url.pathname === '/page.png') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Bonjour</p>');
    if (url.pathname === '/faux.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('pas une image');
    if (url.pathname === '/lente.png') {
      // Headers and a few bytes, then nothing: only the fetcher's deadline ends it.
      open.add(res);
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.write(png.subarray(0, 16));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** The route's answer to an import of the local page whose schema.org image is `image`. */
async function answerFor(image: unknown) {
  const importUrl = `${base}/page?image=${encodeURIComponent(JSON.stringify(image ?? null))}`;
  const { values, ...imported } = await prefillFromLink({ fetchText, files }, organizer, importUrl);
  return { values, imported };
}

describe('import depuis un lien : l’image de la page', () => {
  it('importe l’image (ImageObject) comme un envoi de l’organisateur : jeton en attente, aperçu, légende pour description', async () => {
    const answer = await answerFor({ '@type': 'ImageObject', url: '/affiche.png', caption: 'Le trio sur scène' });
    expect(answer.values).toMatchObject({ title: 'Nuit du jazz', city: 'Morges', imageAlt: 'Le trio sur scène' });
    expect(answer.imported?.image).toEqual({
      message: IMAGE_IMPORT_MESSAGES.imported,
      preview: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    // The token is the organizer's pending upload: the very bytes the page served, which the form's save then stores.
    expect(await takePendingImage(files, organizer.uid, answer.values.pendingImage ?? '')).toEqual(png);
    expect(await takePendingImage(files, makeUser().uid, answer.values.pendingImage ?? '')).toBeNull();
  });

  it('accepte une image en chaîne ou en tableau ; sans légende, la description de l’image est le titre', async () => {
    for (const image of [`${base}/affiche.png`, ['/affiche.png', '/autre.png']]) {
      const answer = await answerFor(image);
      expect(answer.values.pendingImage).toMatch(/^[a-z0-9]{24}$/);
      expect(answer.values.imageAlt).toBe('Nuit du jazz');
    }
  });

  it('une page sans image : tout est prérempli, sans image ni message sur l’image', async () => {
    const answer = await answerFor(undefined);
    expect(answer.values).toMatchObject({ title: 'Nuit du jazz' });
    expect(answer.values.pendingImage).toBeUndefined();
    expect(answer.imported?.image).toBeNull();
  });

  it('une image refusée laisse le reste prérempli et dit en français de l’ajouter à la main', async () => {
    const answer = await answerFor('/grande.png');
    expect(answer.values).toMatchObject({ title: 'Nuit du jazz', city: 'Morges' });
    expect(answer.values.pendingImage).toBeUndefined();
    expect(answer.imported?.image).toEqual({
      message:
        'L’image de la page n’a pas pu être importée. Image trop volumineuse\u00a0: plus de 8\u00a0Mo. Ajoutez-la à la main à l’étape «\u00a06. Image\u00a0», si vous en avez le droit.',
      preview: null,
    });
  });

  it('dit pourquoi chaque image n’est pas importée', async () => {
    const notice = async (url: string, deps = { fetchText, files }, timeoutMs?: number) => {
      const outcome = await importLinkImage(deps, organizer.uid, url, { timeoutMs });
      return outcome.ok ? 'importée' : outcome.notice;
    };
    const refused = IMAGE_IMPORT_MESSAGES.refused;
    expect(await notice(`${base}/affiche.png`, { fetchText: createSafeFetch({ allowLoopback: false }), files })).toBe(
      refused('Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.'),
    );
    expect(await notice('http://10.1.2.3/affiche.png')).toBe(
      refused('Cette adresse n’est pas publique\u00a0: seuls les sites accessibles sur Internet peuvent être lus.'),
    );
    expect(await notice(`${base}/grande.png`)).toBe(refused('Image trop volumineuse\u00a0: plus de 8\u00a0Mo.'));
    expect(await notice(`${base}/page.png`)).toBe(
      refused('Type de contenu inattendu (text/html)\u00a0: une image JPEG, PNG, WebP ou AVIF est attendue.'),
    );
    expect(await notice(`${base}/faux.png`)).toBe(refused('Ce fichier n’est pas une image JPEG, PNG, WebP ou AVIF.'));
    expect(await notice(`${base}/absente.png`)).toBe(refused('Le site a répondu HTTP 404 (page introuvable).'));
    expect(await notice(`${base}/lente.png`, undefined, 500)).toBe(
      refused('Délai dépassé\u00a0: le site n’a pas tout envoyé en 0,5\u00a0seconde.'),
    );
    expect(await notice(`${base}/affiche.png`)).toBe('importée');
  });
});
