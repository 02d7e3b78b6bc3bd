// A venue's or an organizer's description (plain text): one paragraph per blank-line-separated block.
export function PlaceDescription({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="place-page__description">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
