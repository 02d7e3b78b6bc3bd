import { PassThrough } from 'node:stream';
import { Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bodyBytes } from './page-cache';
import { collectRenderedHtml, pageBody, renderWhole } from './rendered-html';

/** The chunks React writes for a page of many short accented texts, as entry.server.tsx receives them. */
function renderChunks(shift: number): Promise<Buffer[]> {
  return new Promise((resolve) => {
    const page = (
      <p>
        {'x'.repeat(shift)}
        {Array.from({ length: 3000 }, (_, i) => `n${i}`).map((name) => (
          <i key={name}>é</i>
        ))}
      </p>
    );
    const { pipe } = renderToPipeableStream(page, {
      onAllReady() {
        const body = new PassThrough();
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('end', () => resolve(chunks));
        pipe(body);
      },
    });
  });
}

/** A part of the page whose data never comes. */
const never = new Promise<never>(() => {});
function Waiting(): never {
  throw never;
}

describe('page rendue par React', () => {
  it('sans les octets NUL que React 18 glisse quand un « é » tombe à la fin de son tampon', async () => {
    for (const shift of [0, 1, 2]) {
      const chunks = await renderChunks(shift);
      // The defect this guards against is there without the cleaning…
      expect(Buffer.concat(chunks).includes(0)).toBe(true);
      // …and gone with it: every « é » intact, nothing else changed.
      const html = collectRenderedHtml(chunks).toString('utf8');
      expect(html).not.toContain('\u0000');
      expect(html).not.toContain('\ufffd');
      expect(html.match(/<i>é<\/i>/g)).toHaveLength(3000);
    }
  });

  it('les NUL se retirent où qu’ils soient (en tête, à la suite, à la fin), sans toucher aux morceaux de React', () => {
    const chunks = [Buffer.from('\u0000<p>F\u0000\u0000ête'), Buffer.from('\u0000 à Bienne</p>\u0000')];
    expect(collectRenderedHtml(chunks).toString('utf8')).toBe('<p>Fête à Bienne</p>');
    expect(chunks[0].toString('utf8')).toBe('\u0000<p>F\u0000\u0000ête');
  });

  it('la page va de React au cache des pages sans être copiée ; une autre réponse est lue entière', async () => {
    const html = collectRenderedHtml([Buffer.from('<p>Fête à Neuchâtel</p>')]);
    const kept = await bodyBytes(new Response(pageBody(html)));
    expect(kept.buffer).toBe(html.buffer);
    expect(kept.toString('utf8')).toBe('<p>Fête à Neuchâtel</p>');
    const streamed = new ReadableStream({
      start(controller) {
        for (const part of ['BEGIN:', 'VCALENDAR']) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    expect((await bodyBytes(new Response(streamed))).toString('utf8')).toBe('BEGIN:VCALENDAR');
    expect((await bodyBytes(new Response(null, { status: 304 }))).byteLength).toBe(0);
  });

  it('une page sans NUL passe telle quelle', () => {
    const chunk = Buffer.from('<p>Fête à Neuchâtel « ce soir »</p>');
    expect(collectRenderedHtml([chunk]).equals(chunk)).toBe(true);
  });

  it('une page rendue ne laisse rien derrière elle : ni le minuteur d’abandon, ni donc la page qu’il tenait', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const pages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => renderWhole(<p>Page {i} « Fête à Neuchâtel »</p>, 60_000, () => {})),
    );
    expect(pages[7].toString('utf8')).toBe('<p>Page <!-- -->7<!-- --> « Fête à Neuchâtel »</p>');
    // Twenty pages answered: no give-up timer of theirs still waits its minute, holding their request and bytes (20
    // more without the clearing). At most as many as before: a timer of the test runner's may end meanwhile.
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('une page qui ne finit pas est abandonnée au bout du délai', async () => {
    const errors: unknown[] = [];
    const page = renderWhole(
      <Suspense fallback="…">
        <Waiting />
      </Suspense>,
      20,
      (error) => errors.push(error),
    );
    await expect(page).resolves.toBeInstanceOf(Buffer);
    expect(errors).toHaveLength(1);
  });
});
