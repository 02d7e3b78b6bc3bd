// The 503 of a form the site could not save (decision 062): what the visitor typed, shown to copy and sent again as
// is by « Réessayer l’envoi » (a plain form: it works with or without JavaScript).
import { useLocation } from '@remix-run/react';
import { type KeptInput as Kept, retryWhen, typedText } from '~/domain/kept-input';

/** `status`: after a 429, send it again in a minute; when the site cannot save (503), in a few minutes. */
export function KeptInput({ kept, status }: { kept: Kept; status: number }) {
  const location = useLocation();
  const text = typedText(kept);
  return (
    <form method="post" action={`${location.pathname}${location.search}`} className="kept-input">
      {kept.fields.map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a field may repeat (checkboxes); the order is the form's.
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <p>
        Votre saisie n’est pas perdue : elle est reprise ci-dessous. Réessayez{' '}
        {status === 429 ? retryWhen(kept) : 'dans quelques minutes'}, ou copiez-la pour la garder.
      </p>
      {text ? (
        <>
          <label htmlFor="kept-input-text">Ce que vous avez saisi</label>
          <textarea
            id="kept-input-text"
            className="kept-input__text"
            readOnly
            rows={Math.min(12, text.split('\n').length + 1)}
            value={text}
          />
        </>
      ) : null}
      {kept.hadFile ? (
        <p>Le fichier choisi (l’image) n’a pas pu être gardé : il faudra le choisir de nouveau.</p>
      ) : null}
      <button type="submit" className="button button--primary">
        Réessayer l’envoi
      </button>
    </form>
  );
}
