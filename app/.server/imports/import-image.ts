// The event page's image, imported as if the organizer had chosen it in the form: fetched by the safe fetcher (public
// addresses only, redirects re-checked, an image type, 8 MB at most), checked and kept as a pending upload under the
// organizer's token, exactly as the form's upload-on-select keeps a chosen image; the prefilled form carries that
// token in its hidden `pendingImage` field. It is re-encoded and stored (under review/, decision 031) only when the
// form is sent. The image never fails the import: a refusal is a French notice, the rest is prefilled.
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  ImageRejected,
  type ImageRejectionReason,
  sharp,
  stashPendingImage,
} from '../files/images';
import type { FileStore } from '../files/ports';
import type { FetchText } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';

const STEP = '«\u00a06. Image\u00a0»';

export const IMAGE_IMPORT_MESSAGES = {
  imported: `L’image de la page est importée\u00a0: vérifiez-la, avec sa description, à l’étape ${STEP}.`,
  refused: (reason: string) =>
    `L’image de la page n’a pas pu être importée. ${reason} Ajoutez-la à la main à l’étape ${STEP}, si vous en avez le droit.`,
  /** Why the pipeline refused the fetched bytes, said of an image the organizer did not choose. */
  rejected: {
    empty: 'Le fichier de l’image est vide.',
    tooBig: 'Image trop volumineuse\u00a0: plus de 8\u00a0Mo.',
    type: 'Ce fichier n’est pas une image JPEG, PNG, WebP ou AVIF.',
    unreadable: 'L’image est illisible ou incomplète.',
  } satisfies Record<ImageRejectionReason, string>,
  failed: 'Une erreur imprévue est survenue.',
} as const;

export type ImportedImage = { ok: true; token: string; preview: string } | { ok: false; notice: string };

/** A small WebP of the image as a data: URL, for the form's preview (the pending bytes themselves are never served). */
async function previewOf(bytes: Buffer): Promise<string> {
  const webp = await sharp()(bytes, { failOn: 'truncated', limitInputPixels: IMAGE_MAX_PIXELS })
    .rotate()
    .resize({ width: 480, withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
  return `data:image/webp;base64,${webp.toString('base64')}`;
}

/** Fetches the image at `imageUrl` and keeps it pending for `owner`; its token and preview, or the notice why not. */
export async function importLinkImage(
  deps: { fetchText: FetchText; files: FileStore },
  owner: string,
  imageUrl: string,
  options: { timeoutMs?: number } = {},
): Promise<ImportedImage> {
  try {
    const fetched = await deps.fetchText(imageUrl, {
      accept: 'image',
      maxBytes: IMAGE_MAX_BYTES,
      timeoutMs: options.timeoutMs,
    });
    // No conditional request was made: a 304 cannot come back.
    if (fetched === 'not-modified') throw new ImageRejected('empty');
    const token = await stashPendingImage(deps.files, fetched.bytes, owner);
    return { ok: true, token, preview: await previewOf(fetched.bytes) };
  } catch (error) {
    if (error instanceof UseCaseError) return { ok: false, notice: IMAGE_IMPORT_MESSAGES.refused(error.message) };
    if (error instanceof ImageRejected)
      return { ok: false, notice: IMAGE_IMPORT_MESSAGES.refused(IMAGE_IMPORT_MESSAGES.rejected[error.reason]) };
    console.error('[import] image de la page non importée', error);
    return { ok: false, notice: IMAGE_IMPORT_MESSAGES.refused(IMAGE_IMPORT_MESSAGES.failed) };
  }
}
