// The multipart forms that carry an image (event, partner, image upload), read by our own parser: Remix's drops the
// path from file names before we can see it.
import { streamMultipart } from '@web3-storage/multipart-parser';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../files/images';
import { FORM_UNREADABLE, refusedRequest } from './refusal';

/** Marks put in place of a refused file, for the use case to answer with its message. */
export const TOO_BIG = 'image:too-big';
export const BAD_NAME = 'image:bad-name';
export const BAD_FILE_NAME = 'Nom de fichier non accepté : renommez l’image (sans « / » ni « .. ») et réessayez.';

/** The message for an image the reader refused, or undefined. */
export function refusedImageMessage(upload: FormDataEntryValue | null): string | undefined {
  if (upload === TOO_BIG) return IMAGE_MESSAGES.tooBig;
  if (upload === BAD_NAME) return BAD_FILE_NAME;
  return undefined;
}

const TEXT_FIELD_MAX_BYTES = 64 * 1024;

/**
 * Reads the multipart body ourselves (not Remix's parser, which drops the path from file names before we can see
 * it): the image is kept in memory up to 8 MB, a slightly bigger one is flagged (the whole body is bounded before it
 * reaches us, parts included: app/.server/platform/request-body.ts), a file name with a path is flagged, text fields
 * are capped. A body that is not multipart gets a 400.
 */
export async function readMultipartForm(request: Request): Promise<FormData> {
  const [type, boundary] = (request.headers.get('Content-Type') ?? '').split(/\s*;\s*boundary=/);
  if (!request.body || !boundary || type !== 'multipart/form-data') {
    throw refusedRequest(FORM_UNREADABLE, 400);
  }
  const formData = new FormData();
  try {
    for await (const part of streamMultipart(request.body, boundary)) {
      if (part.done) break;
      const chunks: Uint8Array[] = [];
      let size = 0;
      const isFile = typeof part.filename === 'string';
      const limit = isFile ? IMAGE_MAX_BYTES + 1 : TEXT_FIELD_MAX_BYTES;
      for await (const chunk of part.data) {
        size += chunk.length;
        if (size <= limit) chunks.push(chunk);
      }
      if (!isFile) {
        if (size > TEXT_FIELD_MAX_BYTES) throw refusedRequest('Un champ du formulaire est trop long.', 413);
        formData.append(part.name, new TextDecoder().decode(Buffer.concat(chunks)));
      } else if (part.name === 'image') {
        // Browsers send a bare file name; a path in it means a crafted request. The name is never used anyway.
        if (/[/\\\0]|\.\./.test(part.filename ?? '')) formData.append('image', BAD_NAME);
        else if (size > IMAGE_MAX_BYTES) formData.append('image', TOO_BIG);
        // Only the bytes matter from here: the file name and the browser's type are never used.
        else if (size > 0)
          formData.append('image', new File([Buffer.concat(chunks)], 'upload', { type: 'application/octet-stream' }));
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refusedRequest(FORM_UNREADABLE, 400);
  }
  return formData;
}
