// Where the browser keeps the visitor's cookie choice (docs/specification.md §3: three local-storage keys), and the mark on <html> that
// hides the banner before the first paint (CONSENT_SCRIPT in root.tsx).
import { CONSENT_STORAGE_KEYS, type CookieConsent as Consent } from '~/domain/consent';

/** Sent on `window` once the choice is written: what depends on it (a locality kept, « Dernier retour ») follows it. */
export const CONSENT_WRITTEN_EVENT = 'agenda:consent-written';

/** docs/specification.md §3: the preferences, the consent-given flag and the consent date, under three local-storage keys. */
export function writeConsentStorage(consent: Consent | null) {
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
  window.dispatchEvent(new Event(CONSENT_WRITTEN_EVENT));
}

/** The choice kept in this browser's local storage, if any. */
export function readConsentStorage(): Consent | null {
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
