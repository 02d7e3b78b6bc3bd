// The bytes of a page rendered by React 18.3's renderToPipeableStream, collected whole (the CSP hashes need the whole
// page, decision 038), without the NUL bytes React inserts: when a two- or three-byte character (é, à, «) does not
// fit at the end of its 2,048-byte buffer, React writes the whole buffer, unfilled bytes included (fixed in React 19).
// Browsers show them as « � » (an aria-label read « �Événements … »). HTML never carries a NUL byte of ours: every
// text field refuses control characters (app/domain/text.ts), so removing them all restores the intended page.
export function collectRenderedHtml(chunks: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const html = Buffer.concat(chunks);
  if (!html.includes(0)) return html;
  const clean = Buffer.alloc(html.length - html.reduce((nul, byte) => nul + (byte === 0 ? 1 : 0), 0));
  let length = 0;
  for (const byte of html) if (byte !== 0) clean[length++] = byte;
  return clean;
}
