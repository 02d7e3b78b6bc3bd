// /widget.js stays within the budget (10 KB gzip): built here with the build script's own options, in memory,
// so the test holds whatever `npm run build` last wrote.
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { WIDGET_BUILD, WIDGET_MAX_GZIP_BYTES } from './build-widget.mjs';

describe('le composant web /widget.js', () => {
  it('tient dans 10 Ko compressés (gzip), et définit bien <agenda-romand>', async () => {
    const result = (await build({
      ...WIDGET_BUILD,
      logLevel: 'silent',
      build: { ...WIDGET_BUILD.build, write: false },
    })) as Rollup.RollupOutput[];
    const chunks = result.flatMap((r) => r.output).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
    expect(chunks.map((c) => c.fileName)).toEqual(['widget.js']);
    const [widget] = chunks;
    expect(widget.code).toContain('customElements.define("agenda-romand"');
    const gzipped = gzipSync(widget.code).byteLength;
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(WIDGET_MAX_GZIP_BYTES);
  });
});
