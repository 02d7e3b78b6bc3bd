// Reading a form's body, url-encoded or multipart, with @remix-run/form-data-parser (streaming, with size and count
// limits; docs/decisions/073-lecteur-de-formulaires.md) within the limits of its route (request-body.ts): parts, total
// size, size of each part. An image is kept in memory up to 8 MB, a slightly bigger one (the route's margin lets it
// through) or one whose name carries a path is replaced by a mark the use case answers with its own message.
import {
  type FileUpload,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '~/domain/images';
import { FORM_UNREADABLE, refusedRequest } from './refusal';
import { BODY_TOO_LARGE, type BodyLimit, TOO_MANY_PARTS } from './request-body';

/** Marks put in place of a refused file, for the use case to answer with its message. */
export const TOO_BIG = 'image:too-big';
export const BAD_NAME = 'image:bad-name';
export const BAD_FILE_NAME = 'Nom de fichier non accepté : renommez l’image (sans « / » ni « .. ») et réessayez.';
export const FIELD_TOO_LONG = 'Un champ du formulaire est trop long.';

/** The message for an image the reader refused, or undefined. */
export function refusedImageMessage(upload: FormDataEntryValue | null): string | undefined {
  if (upload === TOO_BIG) return IMAGE_TOO_BIG;
  if (upload === BAD_NAME) return BAD_FILE_NAME;
  return undefined;
}

/** An image field as a use case takes it: the reader's refusal, the file's bytes, or null when none was chosen. */
export async function readImageField(
  upload: FormDataEntryValue | null,
): Promise<{ refused: string } | { bytes: Buffer } | null> {
  const refused = refusedImageMessage(upload);
  if (refused !== undefined) return { refused };
  return upload instanceof File && upload.size > 0 ? { bytes: Buffer.from(await upload.arrayBuffer()) } : null;
}

/** A text field's size at most (the longest, an event's description, is 5,000 characters). */
const TEXT_FIELD_MAX_BYTES = 64 * 1024;
/** File parts a form may carry; only an image is kept (IMAGE_FIELDS: the event, partner and organizer forms, the image upload). */
const MAX_FILES = 4;
const FORM_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** Bytes of a body held back until its end: a close delimiter (70-byte boundary at most) and what may follow it. */
const TAIL_BYTES = 256;

/**
 * The body with its last TAIL_BYTES delivered in one piece. @remix-run/multipart-parser (0.16.3) throws « Unexpected
 * data after end of stream » when the close delimiter ends a chunk and its CRLF arrives in the next one, as the network
 * may cut it; holding back the end gives the parser the delimiter and the CRLF together.
 */
function withWholeEnding(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let tail = new Uint8Array(0);
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const joined = new Uint8Array(tail.length + chunk.length);
        joined.set(tail, 0);
        joined.set(chunk, tail.length);
        const cut = Math.max(0, joined.length - TAIL_BYTES);
        if (cut > 0) controller.enqueue(joined.subarray(0, cut));
        tail = joined.slice(cut);
      },
      flush(controller) {
        if (tail.length > 0) controller.enqueue(tail);
      },
    }),
  );
}

/** The file fields of the upload forms: an event's or a partner's image, an organizer's logo (issue 46: dropped). */
const IMAGE_FIELDS = new Set(['image', 'logo']);

/** The image of an upload form, or its refusal mark; any other file part is dropped unread. */
async function keepImage(file: FileUpload): Promise<string | File | null> {
  if (!IMAGE_FIELDS.has(file.fieldName)) return null;
  // Browsers send a bare file name; a path in it means a crafted request. The name is never used anyway.
  if (/[/\\\0]|\.\./.test(file.name)) return BAD_NAME;
  if (file.size > IMAGE_MAX_BYTES) return TOO_BIG;
  if (file.size === 0) return null;
  // Only the bytes matter from here: the file name and the browser's type are never used.
  return new File([await file.arrayBuffer()], 'upload', { type: 'application/octet-stream' });
}

/**
 * The form of a request, within its route's limit (`limit.kind === 'upload'`: the route declares that it takes an
 * image). Throws a French refusal: 400 for a body that is not a form or is broken, 413 past a limit.
 */
export async function readForm(request: Request, limit: BodyLimit): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? '';
  const match = FORM_TYPE.exec(type);
  if (!match || !request.body) throw refusedRequest(FORM_UNREADABLE, 400);
  const multipart = match[1].toLowerCase() === 'multipart/form-data';
  const upload = limit.kind === 'upload';
  let form: FormData;
  try {
    const body = multipart ? withWholeEnding(request.body) : request.body;
    form = await parseFormData(
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        duplex: 'half',
      } as RequestInit),
      {
        // Url-encoded forms are bounded by their bytes alone, as they always were; multipart ones by their parts too.
        maxParts: multipart ? (limit.maxParts ?? 0) : Number.MAX_SAFE_INTEGER,
        maxTotalSize: limit.maxBytes,
        maxFileSize: upload ? limit.maxBytes : TEXT_FIELD_MAX_BYTES,
        maxFiles: MAX_FILES,
        maxHeaderSize: 8 * 1024,
      },
      upload ? keepImage : () => null,
    );
  } catch (error) {
    if (error instanceof MaxPartsExceededError) throw refusedRequest(TOO_MANY_PARTS, 413);
    if (error instanceof MaxTotalSizeExceededError) throw refusedRequest(BODY_TOO_LARGE, 413);
    if (error instanceof MaxFileSizeExceededError) throw refusedRequest(FIELD_TOO_LONG, 413);
    // Anything else (a broken body, a client gone mid-body, too many files): not a form we can read.
    throw refusedRequest(FORM_UNREADABLE, 400);
  }
  for (const value of form.values()) {
    if (typeof value === 'string' && Buffer.byteLength(value) > TEXT_FIELD_MAX_BYTES) {
      throw refusedRequest(FIELD_TOO_LONG, 413);
    }
  }
  return form;
}
