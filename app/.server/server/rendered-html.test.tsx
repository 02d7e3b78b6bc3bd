import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { collectRenderedHtml } from './rendered-html';

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

  it('une page sans NUL passe telle quelle', () => {
    const chunk = Buffer.from('<p>Fête à Neuchâtel « ce soir »</p>');
    expect(collectRenderedHtml([chunk]).equals(chunk)).toBe(true);
  });
});
