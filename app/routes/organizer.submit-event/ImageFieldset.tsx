// The event form's image: a plain file field of the multipart form without JavaScript; with it, the image leaves as
// soon as it is chosen (with a progress bar) and the form carries its token instead.
import { useEffect, useState } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Checkbox, TextField } from '~/components/form/Field';
import type { EventImage } from '~/domain/event';
import { imageUrl } from '~/domain/images';
import type { EventFields } from './EventFieldsets';
import type { Upload } from './image-upload';

/** Sends a chosen image to /organizer/image-upload (image-upload.ts, loaded then); its state says how far it went. */
function useImageUpload() {
  const csrf = useAuthenticityToken();
  const [upload, setUpload] = useState<Upload | null>(null);
  const send = (file: File, input: HTMLInputElement) =>
    void import('./image-upload').then(({ sendImage }) => sendImage(file, input, csrf, setUpload));
  return { upload, send };
}

interface ImageFieldsetProps {
  fields: EventFields;
  /** The event's current image (an edit). */
  image: EventImage | null;
  /** The token of an image the server already holds for this form (sent before a refused submission). */
  pendingImage: string;
  /** The server's message about the image, if it refused it. */
  error?: string;
  /** A submission was refused (by the server or, with JavaScript, before leaving): a sent image is kept. */
  refused: boolean;
  /** The preview of the image « Importer depuis un lien » brought (its token is `pendingImage`). */
  importedPreview: string | null;
}

export function ImageFieldset({ fields, image, pendingImage, error, refused, importedPreview }: ImageFieldsetProps) {
  const { upload, send } = useImageUpload();
  const [preview, setPreview] = useState<string | null>(null);
  // With JavaScript the browser's own file field (« Aucun fichier choisi » beside « Image envoyée. ») gives way to its
  // label drawn as a button and the image itself; without it, the field stays: it alone names the file chosen.
  const [styled, setStyled] = useState(false);
  useEffect(() => setStyled(true), []);
  const kept = Boolean(pendingImage || (refused && upload?.token));
  // The refusal of the image just chosen (with JavaScript), else the server's: either marks the field.
  const problem = upload?.error || error;
  // The image the form holds, shown once: the one just chosen, else the one imported, else the event's own.
  const chosen = preview && !upload?.error ? preview : null;
  const imported = !chosen && importedPreview && pendingImage && !upload ? importedPreview : null;
  const current = !chosen && !imported && image && !kept ? image : null;
  const thumbnail = chosen
    ? { src: chosen, alt: 'Aperçu de l’image choisie' }
    : imported
      ? { src: imported, alt: 'Aperçu de l’image importée depuis la page' }
      : current
        ? { src: imageUrl(current.path, 400), alt: current.alt }
        : null;
  const hasImage = Boolean(thumbnail || kept);
  return (
    <fieldset className="form-step">
      <legend>6. Image</legend>
      <input type="hidden" name="pendingImage" value={upload?.token || pendingImage} />
      {thumbnail ? (
        <div className="current-image" data-testid={imported ? 'imported-image' : 'current-image'}>
          <img className="image-preview" src={thumbnail.src} alt={thumbnail.alt} width={240} />
          {imported ? (
            <p className="field__hint">Image importée depuis la page.</p>
          ) : kept ? (
            <p className="notice notice--success" data-testid="pending-image">
              Votre image est conservée&nbsp;: inutile de la choisir à nouveau.
            </p>
          ) : upload?.token ? (
            <p className="field__hint" data-testid="upload-done">
              Image envoyée.
            </p>
          ) : null}
        </div>
      ) : kept ? (
        <p className="notice notice--success" data-testid="pending-image">
          Votre image est conservée&nbsp;: inutile de la choisir à nouveau.
        </p>
      ) : null}
      <div className={`field${problem ? ' field--invalid' : ''}`}>
        <label htmlFor="field-image">{hasImage && !styled ? 'Remplacer l’image' : 'Image (facultative)'}</label>
        <p className="image-actions">
          {styled ? (
            <label htmlFor="field-image" className="button file-button">
              {hasImage ? 'Remplacer l’image' : 'Choisir une image'}
            </label>
          ) : null}
          {hasImage ? (
            // Sent with the form (its CSRF token): the server then keeps no image, neither the event's nor one sent.
            <Checkbox meta={{ name: 'removeImage' }} label="Retirer l’image" />
          ) : null}
        </p>
        <p className="field__hint">JPEG, PNG, WebP ou AVIF, 8 Mo au plus, de préférence en paysage.</p>
        <input
          id="field-image"
          className={styled ? 'file-input--hidden visually-hidden' : undefined}
          type="file"
          name="image"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'field-image-error' : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setPreview(file ? URL.createObjectURL(file) : null);
            if (file) send(file, e.currentTarget);
          }}
        />
        {upload && !upload.error && !upload.token ? (
          <progress className="upload-progress" max={1} value={upload.progress} data-testid="upload-progress">
            {Math.round(upload.progress * 100)} %
          </progress>
        ) : null}
        {problem ? (
          <p className="field__error" role="alert" id="field-image-error">
            {problem}
          </p>
        ) : null}
      </div>
      <TextField
        meta={fields.imageAlt}
        label="Description de l’image"
        hint={'Obligatoire avec une image\u00a0: ce qu’on y voit, pour les personnes aveugles ou malvoyantes.'}
      />
    </fieldset>
  );
}
