// The event form's image sent as soon as it is chosen, with a progress bar (ImageFieldset.tsx): loaded then, not with
// the form's page (issue 72: the event form ≤ 100 KB as sent).
import { flushSync } from 'react-dom';
import { IMAGE_MAX_BYTES, IMAGE_TOO_BIG } from '~/domain/images';

const UPLOAD_FAILED = 'L’envoi de l’image a échoué. Réessayez.';

export interface Upload {
  progress: number;
  token: string;
  error: string;
}

/** Sends a chosen image to /organizer/image-upload; `setUpload` hears how far it went and the token it got. */
export function sendImage(file: File, input: HTMLInputElement, csrf: string, setUpload: (upload: Upload) => void) {
  // A refused file leaves the field: sent with the form, it would make the whole submission too big to be read (a
  // page of error, everything typed lost). The message stays until another file is chosen.
  const refuse = (error: string) => {
    input.value = '';
    setUpload({ progress: 0, token: '', error });
  };
  // Too big is known here: no need to send megabytes to hear it.
  if (file.size > IMAGE_MAX_BYTES) return refuse(IMAGE_TOO_BIG);
  const body = new FormData();
  body.set('csrf', csrf);
  body.set('image', file);
  const xhr = new XMLHttpRequest();
  xhr.open('POST', '/organizer/image-upload');
  xhr.responseType = 'json';
  xhr.upload.onprogress = (e) =>
    e.lengthComputable && setUpload({ progress: e.loaded / e.total, token: '', error: '' });
  xhr.onload = () => {
    // Every refusal, of the image or of the request (an expired form, too many sendings, too big), says `message`.
    const { token, message } = (xhr.response ?? {}) as { token?: string; message?: string };
    if (xhr.status === 200 && token) {
      // The token is in the form before the file leaves it: a form sent at this very moment carries one or the other.
      flushSync(() => setUpload({ progress: 1, token, error: '' }));
      input.value = '';
    } else if (message && [400, 413, 415, 422].includes(xhr.status)) {
      refuse(message);
    } else {
      // Not refused, not taken (the server failed): the file stays, the form's submission carries it instead.
      setUpload({ progress: 0, token: '', error: message ?? UPLOAD_FAILED });
    }
  };
  xhr.onerror = () => setUpload({ progress: 0, token: '', error: UPLOAD_FAILED });
  setUpload({ progress: 0, token: '', error: '' });
  xhr.send(body);
}
