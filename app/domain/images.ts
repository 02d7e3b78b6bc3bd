// Event images are stored as WebP in three widths; the record keeps the base path.
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/** The largest image accepted (an upload, a partner's logo), in bytes. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export function imageUrl(path: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `/uploads/${path}-${width}.webp`;
}

export function imageSrcSet(path: string): string {
  return IMAGE_WIDTHS.map((w) => `${imageUrl(path, w)} ${w}w`).join(', ');
}
