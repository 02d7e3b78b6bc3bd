// Event images are stored as WebP in three widths; the record keeps the base path.
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** The largest image accepted (an upload, a partner's logo), in bytes. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** What an image over IMAGE_MAX_BYTES is told: by the server, and by the form before it sends the file. */
export const IMAGE_TOO_BIG = 'L’image dépasse 8 Mo. Réduisez-la ou choisissez-en une autre.';

/**
 * Where an organizer's image waits until an admin approves the content that shows it: never served at /uploads, only
 * to its owner and to admins through /apercu-image (decision 031).
 */
export const REVIEW_FOLDER = 'review';

/** The base path of an image not yet approved (`review/<id>`). */
export function isReviewImage(path: string): boolean {
  return path.startsWith(`${REVIEW_FOLDER}/`);
}

export function imageUrl(path: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  if (isReviewImage(path)) return `/apercu-image/${path.slice(REVIEW_FOLDER.length + 1)}-${width}.webp`;
  return `/uploads/${path}-${width}.webp`;
}

export function imageSrcSet(path: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(path, w)} ${w}w`).join(', ');
}
