// An event's own image at the top of its page and of its moderation preview: 800 px wide by default, the sizes the
// layout gives it, its true dimensions (nothing moves while it loads).
import { imageSrcSet, imageUrl } from '~/domain/images';

export function EventImage({
  image,
  sizes,
  className,
}: {
  image: { path: string; width: number; height: number; alt: string };
  /** How wide the layout shows it (the `sizes` attribute). */
  sizes: string;
  className?: string;
}) {
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
