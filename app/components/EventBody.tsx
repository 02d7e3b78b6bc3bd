// What an event shows the same on its page and to the moderator deciding on it: its image and its description.
import { imageSrcSet, imageUrl } from '~/domain/images';

interface StoredImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** The 800 px file, the browser picking another width from the set for the room the layout gives (`sizes`). */
export function EventImage({ image, sizes, className }: { image: StoredImage; sizes: string; className?: string }) {
  return (
    <img
      className={className}
      src={imageUrl(image.path, 800)}
      srcSet={imageSrcSet(image.path)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
    />
  );
}

/** The description as its author wrote it: a blank line starts a paragraph. */
export function EventDescription({ text, className }: { text: string; className: string }) {
  return (
    <div className={className}>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}
