// The heart (issue 74, decision 170): « Garder » / « Gardé », a form posted to /favoris/garder that works without
// JavaScript (it comes back to the page with a message); with JavaScript it is posted by fetch and the heart changes in
// place. The server's HTML is the same for every visitor (« Garder »): the browser fills in « Gardé » (kept.ts).
import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { type FormEvent, useState } from 'react';
import { FAVOURITES_ACTION, type FavouriteKey, favouriteKeyText, favouritesCookieValue } from '~/domain/favourites';
import { readConsentStorage } from '../consent/storage';
import { FormSecurity } from '../FormSecurity';
import { markKept, useKept } from './kept';

export function FavouriteButton({
  favourite,
  title,
  label = 'Garder',
  kept: known = false,
}: {
  favourite: FavouriteKey;
  /** What the accessible name says is kept: the event's title, or its date. */
  title: string;
  /** The visible word while not kept: « Garder », « Garder cette date », « Garder toute la série ». */
  label?: string;
  /** Known kept by the server (`/favoris`, a page of one person): shown so without JavaScript. */
  kept?: boolean;
}) {
  const root = useRouteLoaderData<{ user?: unknown }>('root');
  const location = useLocation();
  const key = favouriteKeyText(favourite);
  const browserKept = useKept(Boolean(root?.user));
  const [answered, setAnswered] = useState<boolean | null>(null);
  const kept = answered ?? (known || browserKept.has(key));
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    // The button's own `intent` is not in a form's data (only a submitter's is, which fetch has none of).
    body.set('intent', kept ? 'drop' : 'keep');
    body.set('js', '1');
    if (readConsentStorage()?.preferences.functional) body.set('functional', '1');
    // The browser's own list, which a proxy that forwards only `__session` (Firebase Hosting) would not pass on.
    if (!root?.user) body.set('browser', favouritesCookieValue(document.cookie) ?? '');
    setBusy(true);
    try {
      const response = await fetch(FAVOURITES_ACTION, {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
      const answer = (await response.json()) as { ok: boolean; kept: boolean; message: string };
      if (answer.ok) {
        markKept(key, answer.kept);
        setAnswered(answer.kept);
      }
      setMessage(answer.ok ? null : answer.message);
    } catch {
      setMessage('Le favori n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={FAVOURITES_ACTION} className="favourite" onSubmit={submit}>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="key" value={key} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="intent"
        value={kept ? 'drop' : 'keep'}
        className={kept ? 'favourite__button is-kept' : 'favourite__button'}
        aria-label={kept ? `Gardé : ${title} (retirer des favoris)` : `${label} : ${title}`}
        disabled={busy}
        data-testid="favourite"
      >
        <span aria-hidden="true">{kept ? '♥' : '♡'}</span> {kept ? 'Gardé' : label}
      </button>
      {message ? (
        <p className="favourite__message" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
