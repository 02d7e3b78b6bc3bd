// Cookie consent (SPEC §2, §4): the banner until a choice exists, and the 'Préférences des cookies' dialog that the
// footer's 'Cookies' button reopens. Without JavaScript both are forms posting to /cookies, which keeps the choice in
// `__session`, and the dialog opens as the link's target (CSS :target). With JavaScript the same forms post by fetch
// and the browser's local storage keeps the choice (SPEC's three keys): the page, the same for every visitor without
// a `__session` (it may come from a shared cache), hides the banner itself (CONSENT_SCRIPT in root.tsx).
import { Link, useLocation } from '@remix-run/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  CONSENT_INVALID,
  CONSENT_STORAGE_KEYS,
  COOKIE_PREFERENCES_ID,
  type CookieConsent as Consent,
  OPTIONAL_COOKIES,
} from '~/domain/consent';
import { FormSecurity } from '../FormSecurity';
import { updateAnalyticsConsent, useExternalAnalytics, usePageViews } from './analytics';

// Not the shared date helpers (date-fns): this component is on every public page, where every kilobyte counts.
const consentDate = new Intl.DateTimeFormat('fr-CH', {
  timeZone: 'Europe/Zurich',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** The footer's 'Cookies' button asks the dialog to open with this window event. */
export const OPEN_PREFERENCES_EVENT = 'agenda:cookie-preferences';

/** SPEC §3: the preferences, the consent-given flag and the consent date, under three local-storage keys. */
function writeConsentStorage(consent: Consent | null) {
  // The mark the consent script of root.tsx sets before the first paint, which hides the banner.
  if (consent) document.documentElement.dataset.consent = '1';
  else delete document.documentElement.dataset.consent;
  try {
    if (consent) {
      localStorage.setItem(CONSENT_STORAGE_KEYS.preferences, JSON.stringify(consent.preferences));
      localStorage.setItem(CONSENT_STORAGE_KEYS.given, 'true');
      localStorage.setItem(CONSENT_STORAGE_KEYS.date, consent.date);
    } else {
      for (const key of Object.values(CONSENT_STORAGE_KEYS)) localStorage.removeItem(key);
    }
  } catch {
    // Storage may be unavailable (private mode, quota): the banner shows again on the next page.
  }
}

/** The choice kept in this browser's local storage, if any. */
function readConsentStorage(): Consent | null {
  try {
    if (localStorage.getItem(CONSENT_STORAGE_KEYS.given) !== 'true') return null;
    const preferences = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEYS.preferences) ?? 'null');
    const date = localStorage.getItem(CONSENT_STORAGE_KEYS.date);
    if (!preferences || typeof preferences !== 'object' || !date) return null;
    return {
      preferences: {
        necessary: true,
        analytics: preferences.analytics === true,
        marketing: preferences.marketing === true,
        functional: preferences.functional === true,
      },
      date,
    };
  } catch {
    return null;
  }
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
                Choix enregistré le {consentDate.format(new Date(consent.date))}.
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

/** The footer's 'Cookies' button: a link to the dialog without JavaScript, a button that opens it with JavaScript. */
export function CookiesButton({ className }: { className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={`#${COOKIE_PREFERENCES_ID}`} className={className}>
        Cookies
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT))}>
      Cookies
    </button>
  );
}
