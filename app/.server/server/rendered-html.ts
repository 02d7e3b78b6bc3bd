// The bytes of a page rendered by React 18.3's renderToPipeableStream, collected whole (the CSP hashes need the whole
// page, decision 038), without the NUL bytes React inserts: when a two- or three-byte character (é, à, «) does not
// fit at the end of its 2,048-byte buffer, React writes the whole buffer, unfilled bytes included (fixed in React 19).
// Browsers show them as « � » (an aria-label read « �Événements … »). HTML never carries a NUL byte of ours: every
// text field refuses control characters (app/domain/text.ts), so removing them all restores the intended page.
export function collectRenderedHtml(chunks: readonly Uint8Array[]): Buffer<ArrayBuffer> {
  const html = Buffer.concat(chunks);
  let nul = html.indexOf(0);
  if (nul === -1) return html;
  // Copied between the NUL bytes, found by indexOf (native): a byte-by-byte loop cost a large page several percent of
  // its render (bench/profile-pages.ts).
  const clean = Buffer.allocUnsafe(html.length);
  let length = 0;
  let from = 0;
  while (nul !== -1) {
    length += html.copy(clean, length, from, nul);
    from = nul + 1;
    nul = html.indexOf(0, from);
  }
  length += html.copy(clean, length, from);
  return clean.subarray(0, length);
}
