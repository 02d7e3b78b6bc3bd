// Cookie consent (docs/specification.md §2, §4): the banner until a choice exists, and the 'Préférences des cookies' dialog that the
// footer's 'Cookies' button reopens. Without JavaScript both are forms posting to /cookies, which keeps the choice in
// `__session`, and the dialog opens as the link's target (CSS :target). With JavaScript the same forms post by fetch
// and the browser's local storage keeps the choice (the three keys of docs/specification.md §3): the page, the same for every visitor without
// a `__session` (it may come from a shared cache), hides the banner itself (CONSENT_SCRIPT in root.tsx).
import { useLocation } from '@remix-run/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Link } from '~/components/Link';
import {
  CONSENT_INVALID,
  COOKIE_PREFERENCES_ID,
  type CookieConsent as Consent,
  OPTIONAL_COOKIES,
} from '~/domain/consent';
import { FormSecurity } from '../FormSecurity';
import { updateAnalyticsConsent, useExternalAnalytics, usePageViews } from './analytics';
import { OPEN_PREFERENCES_EVENT } from './CookiesButton';
import { readConsentStorage, writeConsentStorage } from './storage';

// Not the shared date helpers (date-fns), and made on first use, not when the module loads: this component is on
// every public page, where every kilobyte and every millisecond before the first interaction count.
let consentDate: Intl.DateTimeFormat | undefined;
function formatConsentDate(iso: string): string {
  consentDate ??= new Intl.DateTimeFormat('fr-CH', {
    timeZone: 'Europe/Zurich',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  return consentDate.format(new Date(iso));
}

export function CookieConsent({
  initial,
  analyticsScriptUrl,
}: {
  initial: Consent | null;
  analyticsScriptUrl: string | null;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const [consent, setConsent] = useState(initial);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const redirectTo = location.pathname + location.search;

  // A fresh page (or a revalidation) brings the cookie's choice from the server, if it has one; else the browser's.
  useEffect(() => {
    if (initial) writeConsentStorage(initial);
    setConsent(initial ?? readConsentStorage());
  }, [initial]);

  const granted = Boolean(consent?.preferences.analytics);
  usePageViews(granted);
  useExternalAnalytics(analyticsScriptUrl, granted);

  const openDialog = useCallback(() => {
    opener.current = document.activeElement;
    setError(null);
    setOpen(true);
  }, []);
  const closeDialog = useCallback(() => {
    setOpen(false);
    if (opener.current instanceof HTMLElement) opener.current.focus();
  }, []);

  useEffect(() => {
    window.addEventListener(OPEN_PREFERENCES_EVENT, openDialog);
    // Opened without JavaScript (the link's #target), then hydrated: keep it open.
    if (window.location.hash === `#${COOKIE_PREFERENCES_ID}`) setOpen(true);
    return () => window.removeEventListener(OPEN_PREFERENCES_EVENT, openDialog);
  }, [openDialog]);

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.querySelector<HTMLElement>('h2')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDialog();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, closeDialog]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    body.set('js', '1');
    setBusy(true);
    setError(null);
    try {
      const response = await fetch('/cookies', { method: 'POST', body, headers: { Accept: 'application/json' } });
      const answer = (await response.json().catch(() => null)) as {
        ok?: boolean;
        consent?: Consent | null;
        message?: string;
      } | null;
      if (!response.ok || !answer?.ok) {
        setError(answer?.message ?? CONSENT_INVALID);
        return;
      }
      const next = answer.consent ?? null;
      writeConsentStorage(next);
      setConsent(next);
      setOpen(false);
      updateAnalyticsConsent(Boolean(next?.preferences.analytics));
    } catch {
      setError('Le choix n’a pas pu être enregistré. Vérifiez votre connexion et réessayez.');
    } finally {
      setBusy(false);
    }
  }

  const formProps = hydrated ? { onSubmit: submit } : {};
  const hidden = (
    <>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </>
  );

  return (
    <>
      {consent ? null : (
        <section className="cookie-banner" aria-labelledby="cookie-banner-title" data-testid="cookie-banner">
          <div className="cookie-banner__inner">
            <h2 id="cookie-banner-title" className="cookie-banner__title">
              Cookies et vie privée
            </h2>
            <p>
              Cookies nécessaires au site et, avec votre accord, mesure d’audience (sans adresse IP ni identifiant),
              cookies fonctionnels et marketing. <Link to="/privacy-policy#cookies">En savoir plus</Link>
            </p>
            {error && !open ? (
              <p className="cookie-banner__error" role="alert">
                {error}
              </p>
            ) : null}
            <form method="post" action="/cookies" className="cookie-banner__actions" {...formProps}>
              {hidden}
              <button type="submit" name="intent" value="accept-all" className="button" disabled={busy}>
                Tout accepter
              </button>
              <button
                type="submit"
                name="intent"
                value="necessary-only"
                className="button button--ghost"
                disabled={busy}
              >
                Nécessaires uniquement
              </button>
              {hydrated ? (
                <button type="button" className="button button--link" onClick={openDialog}>
                  Personnaliser
                </button>
              ) : (
                <a href={`#${COOKIE_PREFERENCES_ID}`} className="button button--link">
                  Personnaliser
                </a>
              )}
            </form>
          </div>
        </section>
      )}

      <div
        id={COOKIE_PREFERENCES_ID}
        ref={dialogRef}
        className={`cookie-dialog${hydrated ? ' is-enhanced' : ''}${open ? ' is-open' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cookie-dialog-title"
        hidden={hydrated && !open}
      >
        <div className="cookie-dialog__panel">
          <h2 id="cookie-dialog-title" tabIndex={-1}>
            Préférences des cookies
          </h2>
          <p>
            Choisissez les cookies que vous acceptez. Vous pouvez changer d’avis à tout moment avec le bouton
            « Cookies » en bas de chaque page.
          </p>
          {/* A new choice (its date) resets the boxes to what is stored. */}
          <form method="post" action="/cookies" key={consent?.date ?? 'none'} {...formProps}>
            {hidden}
            <ul className="cookie-dialog__list">
              <li>
                <label className="cookie-dialog__choice">
                  <input type="checkbox" checked disabled aria-describedby="cookie-necessary-note" />
                  <span>Nécessaires</span>
                </label>
                <p id="cookie-necessary-note" className="cookie-dialog__note">
                  Toujours actifs : session de connexion, protection des formulaires et mémorisation de ce choix.
                </p>
              </li>
              {OPTIONAL_COOKIES.map((c) => (
                <li key={c.name}>
                  <label className="cookie-dialog__choice">
                    <input
                      type="checkbox"
                      name={c.name}
                      defaultChecked={consent?.preferences[c.name] ?? false}
                      aria-describedby={`cookie-${c.name}-note`}
                    />
                    <span>{c.label}</span>
                  </label>
                  <p id={`cookie-${c.name}-note`} className="cookie-dialog__note">
                    {c.description}
                  </p>
                </li>
              ))}
            </ul>
            {consent ? (
              <p className="cookie-dialog__note" data-testid="cookie-consent-date">
                Choix enregistré le {formatConsentDate(consent.date)}.
              </p>
            ) : null}
            {error && open ? (
              <p className="cookie-banner__error" role="alert">
                {error}
              </p>
            ) : null}
            <div className="cookie-dialog__actions">
              <button type="submit" name="intent" value="save" className="button" disabled={busy}>
                Sauvegarder les préférences
              </button>
              {hydrated ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={(event) => {
                    event.currentTarget.form?.reset();
                    closeDialog();
                  }}
                >
                  Annuler
                </button>
              ) : (
                <a href="#fermer-cookies" className="button button--ghost">
                  Annuler
                </a>
              )}
              {consent ? (
                <button type="submit" name="intent" value="reset" className="button button--link" disabled={busy}>
                  Réinitialiser mes choix
                </button>
              ) : null}
            </div>
          </form>
        </div>
      </div>
    </>
  );
}

// root.tsx loads it with React.lazy: its code is not part of the page's first scripts.
export default CookieConsent;
