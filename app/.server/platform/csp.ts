// The Content-Security-Policy of every answer (helmet): nonce-based with 'strict-dynamic' in production, and the
// few other origins the configuration brings (map tiles, Stripe Checkout, the optional analytics script, Google sign-in
// through Firebase).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config, FirebaseSettings } from './config';

type Source = string | ((req: IncomingMessage, res: ServerResponse) => string);

export function cspDirectives(
  config: Config,
  firebaseProject: FirebaseSettings | null,
  nonce: (req: IncomingMessage, res: ServerResponse) => string,
): Record<string, Source[] | null> {
  const isProduction = config.NODE_ENV === 'production';
  // Map tiles may come from another host (OpenStreetMap by default, swisstopo possible): allow that origin only.
  const tileOrigin = config.MAP_TILE_URL.startsWith('/')
    ? "'self'"
    : new URL(config.MAP_TILE_URL.replace(/\{[a-z]\}/g, 'a')).origin;
  const stripeCheckoutOrigins = config.STRIPE_SECRET_KEY
    ? ['https://checkout.stripe.com', ...(config.STRIPE_API_URL ? [new URL(config.STRIPE_API_URL).origin] : [])]
    : [];
  // The optional external analytics script (loaded only after consent): its origin only when one is configured.
  const analyticsOrigins = config.ANALYTICS_SCRIPT_URL ? [new URL(config.ANALYTICS_SCRIPT_URL).origin] : [];
  // Google sign-in (Firebase): the popup's scripts and frame, and the Auth API the web SDK calls.
  const firebase = (() => {
    if (!firebaseProject) return { connect: [], frame: [], script: [] };
    const { authDomain, authEmulatorHost } = firebaseProject;
    const emulator = authEmulatorHost ? [`http://${authEmulatorHost}`] : [];
    // FCM in an admin's browser: the installation id and the registration token (firebase/messaging getToken).
    const fcm = firebaseProject.appId
      ? ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com']
      : [];
    return {
      connect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...fcm, ...emulator],
      frame: [`https://${authDomain}`, ...emulator],
      script: ['https://apis.google.com'],
    };
  })();
  return {
    'default-src': ["'self'"],
    'script-src': isProduction
      ? [
          "'self'",
          (req, res) => `'nonce-${nonce(req, res)}'`,
          "'strict-dynamic'",
          ...analyticsOrigins,
          ...firebase.script,
        ]
      : ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...analyticsOrigins, ...firebase.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', tileOrigin, ...analyticsOrigins],
    'font-src': ["'self'"],
    'connect-src': [...(isProduction ? ["'self'"] : ["'self'", 'ws:']), ...analyticsOrigins, ...firebase.connect],
    'frame-src': ["'self'", ...firebase.frame],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    // Without JavaScript, the card/TWINT form's answer redirects to Stripe's payment page: allow that target.
    'form-action': ["'self'", ...stripeCheckoutOrigins],
    // The web app manifest and the service worker (/firebase-messaging-sw.js) are ours only.
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'upgrade-insecure-requests': config.SECURE_COOKIES ? [] : null,
  };
}
