// Cookie consent (docs/specification.md §3, §4): what a visitor allowed, how each choice sets it, and where the browser keeps it.

/** docs/specification.md §3 cookie preferences: necessary cookies are always on. */
export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export interface CookieConsent {
  preferences: CookiePreferences;
  /** When the choice was made (ISO). */
  date: string;
}

/** The three local-storage keys of docs/specification.md §3: preferences, consent given, consent date. */
export const CONSENT_STORAGE_KEYS = {
  preferences: 'cookie-preferences',
  given: 'cookie-consent-given',
  date: 'cookie-consent-date',
} as const;

export const CONSENT_INTENTS = ['accept-all', 'necessary-only', 'save', 'reset'] as const;
export type ConsentIntent = (typeof CONSENT_INTENTS)[number];

export const OPTIONAL_COOKIES = [
  {
    name: 'analytics',
    label: 'Mesure d’audience',
    description: 'Compter les pages vues, sans adresse IP ni identifiant, pour savoir ce qui intéresse.',
  },
  {
    name: 'marketing',
    label: 'Marketing',
    description: 'Mesurer l’effet de nos campagnes de promotion.',
  },
  {
    name: 'functional',
    label: 'Fonctionnels',
    description: 'Retenir des réglages de confort, comme vos derniers filtres.',
  },
] as const satisfies readonly {
  name: keyof Omit<CookiePreferences, 'necessary'>;
  label: string;
  description: string;
}[];

export const CONSENT_INVALID = 'Ce choix de cookies n’est pas reconnu. Rechargez la page et réessayez.';

/** The id of the preferences dialog: the 'Cookies' link targets it, so it opens without JavaScript too. */
export const COOKIE_PREFERENCES_ID = 'preferences-cookies';

/**
 * docs/specification.md §4: accept all sets analytics, marketing and functional to true; necessary only sets them to false; save
 * keeps what was ticked; reset clears the choice (null: the banner shows again).
 */
export function consentFor(
  intent: ConsentIntent,
  ticked: Partial<Record<'analytics' | 'marketing' | 'functional', boolean>>,
  now: Date,
): CookieConsent | null {
  if (intent === 'reset') return null;
  const all = intent === 'accept-all';
  const chosen = (name: 'analytics' | 'marketing' | 'functional') => (intent === 'save' ? Boolean(ticked[name]) : all);
  return {
    preferences: {
      necessary: true,
      analytics: chosen('analytics'),
      marketing: chosen('marketing'),
      functional: chosen('functional'),
    },
    date: now.toISOString(),
  };
}
