import { describe, expect, it } from 'vitest';
import { makeOrganizer, makeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../files/images';
import type { FileStore } from '../files/ports';
import { readOrganizerProfileForm } from '../http/organizer-profile-form';
import { saveOrganizerProfile } from '../places/organizer-profile';
import { BAD_NAME, FIELD_TOO_LONG, readForm, TOO_BIG } from './form-body';
import { FORM_UNREADABLE } from './refusal';
import { BODY_LIMITS, TOO_MANY_PARTS } from './request-body';

type Part = { name: string; value: string | Uint8Array; filename?: string };

/** A multipart body as a browser writes it, with the Content-Type to send it with. */
function multipart(parts: Part[], boundary = '----WebKitFormBoundaryA1b2C3d4', quoted = false) {
  const pieces: Uint8Array[] = [];
  const text = (s: string) => pieces.push(Buffer.from(s, 'utf8'));
  for (const part of parts) {
    const file = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n`);
    if (part.filename !== undefined) text('Content-Type: image/png\r\n');
    text('\r\n');
    pieces.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  return { body: Buffer.concat(pieces), type: `multipart/form-data; boundary=${quoted ? `"${boundary}"` : boundary}` };
}

function post(body: Uint8Array | string, type: string, chunks?: number[]): Request {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const cuts = chunks ?? [bytes.length];
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let at = 0;
      for (const cut of [...cuts, bytes.length]) {
        if (cut > at) controller.enqueue(bytes.subarray(at, cut));
        at = Math.max(at, cut);
      }
      controller.close();
    },
  });
  return new Request('http://agenda.test/organizer/submit-event', {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Response)) throw new Error(`une réponse de refus était attendue, pas ${String(error)}`);
  return { status: error.status, message: ((await error.json()) as { message: string }).message };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('lecture des formulaires (@remix-run/form-data-parser)', () => {
  it('lit un nom de fichier avec « ; » et « = », et une frontière entre guillemets', async () => {
    // The archived parser we used before failed on both (issue 34).
    const { body, type } = multipart(
      [
        { name: 'title', value: 'Fête; du = Blé' },
        { name: 'image', value: PNG, filename: 'affiche; version=2 (finale).png' },
      ],
      'frontiere avec espace',
      true,
    );
    expect(type).toBe('multipart/form-data; boundary="frontiere avec espace"');
    const form = await readForm(post(body, type), BODY_LIMITS.upload);
    expect(form.get('title')).toBe('Fête; du = Blé');
    const image = form.get('image');
    expect(image).toBeInstanceOf(File);
    expect(new Uint8Array(await (image as File).arrayBuffer())).toEqual(PNG);
  });

  it('un corps coupé juste avant le CRLF final (comme le réseau peut le faire) reste un formulaire entier', async () => {
    const { body, type } = multipart([{ name: 'title', value: 'Marché de Noël' }]);
    for (let cut = 1; cut < body.length; cut++) {
      const form = await readForm(post(body, type, [cut]), BODY_LIMITS.form);
      expect(form.get('title'), `coupé à ${cut} octets`).toBe('Marché de Noël');
    }
  });

  it('une image trop grande ou dont le nom porte un chemin devient une marque ; la saisie reste lue', async () => {
    const big = multipart([
      { name: 'title', value: 'Concert' },
      { name: 'image', value: new Uint8Array(IMAGE_MAX_BYTES + 10), filename: 'grande.png' },
    ]);
    const form = await readForm(post(big.body, big.type), BODY_LIMITS.upload);
    expect([form.get('title'), form.get('image')]).toEqual(['Concert', TOO_BIG]);
    const path = multipart([{ name: 'image', value: PNG, filename: '../../etc/passwd' }]);
    expect((await readForm(post(path.body, path.type), BODY_LIMITS.upload)).get('image')).toBe(BAD_NAME);
    // An empty file field (no image chosen) is no image at all.
    const empty = multipart([{ name: 'image', value: new Uint8Array(0), filename: '' }]);
    expect((await readForm(post(empty.body, empty.type), BODY_LIMITS.upload)).has('image')).toBe(false);
  });

  it('le logo d’un organisateur est lu comme une image : un SVG ou du HTML est refusé en français, jamais ignoré', async () => {
    const { store } = memoryStore();
    await store.organizers.insertMany([makeOrganizer({ id: 'jeunesse', slug: 'jeunesse', accountUids: ['orga'] })]);
    const orga = makeUser({ uid: 'orga', role: 'organizer' });
    for (const [filename, value] of [
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['logo.html', '<!doctype html><html><body>logo</body></html>'],
    ]) {
      const body = multipart([
        { name: 'organizerId', value: 'jeunesse' },
        { name: 'description', value: 'La fête au village.' },
        { name: 'website', value: '' },
        { name: 'logoAlt', value: 'Le logo' },
        { name: 'logo', value, filename },
      ]);
      const form = await readForm(post(body.body, body.type), BODY_LIMITS.upload);
      const saved = await saveOrganizerProfile(
        { store, files: {} as FileStore },
        orga,
        await readOrganizerProfileForm(form),
      );
      expect(saved, filename).toEqual({ ok: false, errors: { logo: IMAGE_MESSAGES.type } });
    }
  });

  it('hors des routes d’images, un fichier n’est pas gardé ; un champ de plus de 64 Ko est refusé en 413', async () => {
    const withFile = multipart([
      { name: 'intent', value: 'delete' },
      { name: 'image', value: PNG, filename: 'a.png' },
    ]);
    const form = await readForm(post(withFile.body, withFile.type), BODY_LIMITS.form);
    expect([...form.keys()]).toEqual(['intent']);
    const long = multipart([{ name: 'message', value: 'a'.repeat(65 * 1024) }]);
    expect(await refusal(readForm(post(long.body, long.type), BODY_LIMITS.upload))).toEqual({
      status: 413,
      message: FIELD_TOO_LONG,
    });
  });

  it('trop de parties : 413 ; un corps qui n’est pas un formulaire ou qui est cassé : 400, en français', async () => {
    const many = multipart(Array.from({ length: 41 }, (_, i) => ({ name: `f${i}`, value: 'v' })));
    expect(await refusal(readForm(post(many.body, many.type), BODY_LIMITS.form))).toEqual({
      status: 413,
      message: TOO_MANY_PARTS,
    });
    for (const [body, type] of [
      ['{"a":1}', 'application/json'],
      ['a=1', 'text/plain'],
      ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nsans fin', 'multipart/form-data; boundary=x'],
    ]) {
      expect(await refusal(readForm(post(body, type), BODY_LIMITS.form)), type).toEqual({
        status: 400,
        message: FORM_UNREADABLE,
      });
    }
    const encoded = await readForm(post('a=1&b=%C3%A9', 'application/x-www-form-urlencoded'), BODY_LIMITS.form);
    expect([encoded.get('a'), encoded.get('b')]).toEqual(['1', 'é']);
  });
});
