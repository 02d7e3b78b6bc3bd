// A text whose end never splits over two lines on a phone: the hours of « mercredi 2 décembre 2026, 12:00 – 13:30 »,
// the count of « Chaque mardi · 18:30 · 29 dates », the range of « ouvert aujourd’hui 10:00–20:00 ». The text itself
// stays as written (the API, the feeds and the tests read the same words); only the page keeps its end together.

/** `text` with what follows the last `after` kept on one line; the whole text when `after` is not in it. */
export function UnbrokenEnd({ text, after }: { text: string; after: string }) {
  const at = text.lastIndexOf(after);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at + after.length)}
      <span className="nowrap">{text.slice(at + after.length)}</span>
    </>
  );
}
