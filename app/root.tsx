import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react';
import { lazy, Suspense, useEffect } from 'react';
import { AuthenticityTokenProvider } from 'remix-utils/csrf/react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { categoryInfos } from './.server/categories/categories';
import { getPendingCount } from './.server/moderation/moderation';
import { readConsent } from './.server/platform/consent';
import { takeFlash } from './.server/platform/flash';
import { csrfTokenFor, getHoneypot, keepRetryAfter } from './.server/platform/security';
import { extendedSessionCookie, getCurrentUser } from './.server/platform/session';
import { CookieConsent } from './components/consent/CookieConsent';
import { errorMeta } from './components/error-texts';
import { FormSecurity } from './components/FormSecurity';
import { SiteFooter } from './components/SiteFooter';
import { SiteHeader } from './components/SiteHeader';
import { useLivePendingCount, usePendingTitle } from './components/useLiveAdmin';
import { CONSENT_STORAGE_KEYS } from './domain/consent';
import { pageMeta } from './domain/meta';
import stylesHref from './styles/app.css?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

// Admins only, after hydration: the notifications overlay, push, app badge and debug panel (never on visitors' pages).
const AdminClient = lazy(() => import('./components/admin-client/AdminClient'));
// The error screen is rare: its code comes when a page needs it (the server renders it whole, the browser keeps that
// HTML until the code is there).
const RouteErrorPage = lazy(() => import('./components/ErrorPage').then((m) => ({ default: m.RouteErrorPage })));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config, store, push } = context.services;
  const user = await getCurrentUser(request, context.services);
  const csrfToken = await csrfTokenFor(request, context.services);
  const isAdmin = user?.role === 'admin';
  const pendingCount = isAdmin ? await getPendingCount({ store }) : null;
  const { flash, clear } = await takeFlash(request, context.services);
  // The last Set-Cookie carries every change (visitor.ts): the session's new length, with the message taken.
  const cookie = (await extendedSessionCookie(request, context.services)) ?? clear;
  const headers = new Headers();
  if (cookie) headers.append('Set-Cookie', cookie);
  return data(
    {
      user: user
        ? { uid: user.uid, displayName: user.displayName, role: user.role, emailVerified: user.emailVerified }
        : null,
      pendingCount,
      // Every category with its label, colour and state, in order (footer, filters, labels): cached per store revision.
      categories: await categoryInfos({ store }),
      flash,
      csrfToken,
      honeypotInputProps: getHoneypot(context.services).getInputProps(),
      siteUrl: config.SITE_URL,
      // The pages name their ActivityPub twin only when the federation is on (decision 102).
      federation: config.FEDERATION,
      map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
      // The visitor's cookie choice (null: the banner shows), and the external analytics script if one is configured.
      consent: await readConsent(request, context.services),
      analyticsScriptUrl: config.ANALYTICS_SCRIPT_URL ?? null,
      push: isAdmin ? await push.clientConfig() : null,
    },
    { headers },
  );
}

/** A refusal's `Retry-After` reaches the client (see keepRetryAfter). */
export const headers = keepRetryAfter;

// An error page (a loader's 404: an event, a venue that is not there) is rendered by this route's boundary with this
// route's meta: its tab says what happened, not the home page's title.
export const meta: MetaFunction<typeof loader> = ({ matches, error }) =>
  error
    ? errorMeta(error)
    : pageMeta({
        description:
          'Concerts, spectacles, marchés, fêtes et sorties en Suisse romande : l’agenda de Genève, Vaud, Valais, Neuchâtel, Fribourg, Jura et Jura bernois.',
        path: '/',
        matches,
      });

/**
 * Before the page is painted, a choice kept in local storage hides the cookie banner (the page itself is the same for
 * every visitor without `__session`, and may come from a shared cache). Allowed by its hash (entry.server.tsx).
 */
const CONSENT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEYS.given)})==="true")document.documentElement.dataset.consent="1"}catch(e){}`;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const isAdmin = root?.user?.role === 'admin';
  const pendingCount = useLivePendingCount(isAdmin ? (root?.pendingCount ?? 0) : null);
  usePendingTitle(pendingCount);
  const hydrated = useHydrated();
  useServiceWorker(isAdmin);
  return (
    // The consent script may mark <html> before React hydrates it.
    <html lang="fr-CH" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by its hash. */}
        <script dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c8102e" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#contenu" className="skip-link">
          Aller au contenu
        </a>
        <AuthenticityTokenProvider token={root?.csrfToken ?? ''}>
          <HoneypotProvider {...(root?.honeypotInputProps ?? {})}>
            <SiteHeader user={root?.user ?? null} pendingCount={pendingCount} />
            <main id="contenu" className="site-main" tabIndex={-1}>
              {root?.flash ? (
                // `#statut`: a form far down the page (a moderation decision on a phone) lands back on its message.
                <div
                  id="statut"
                  tabIndex={-1}
                  className={`flash notice notice--${root.flash.kind}`}
                  role="status"
                  data-testid="flash"
                >
                  <p>{root.flash.message}</p>
                  {root.flash.action ? (
                    <Form method="post" action={root.flash.action.path} className="flash__action">
                      <FormSecurity honeypot={false} />
                      <input type="hidden" name="intent" value={root.flash.action.intent} />
                      <input type="hidden" name="eventId" value={root.flash.action.eventId} />
                      {Object.entries(root.flash.action.fields ?? {}).map(([name, value]) => (
                        <input key={name} type="hidden" name={name} value={value} />
                      ))}
                      <button type="submit" className="button">
                        {root.flash.action.label}
                      </button>
                    </Form>
                  ) : null}
                </div>
              ) : null}
              {children}
            </main>
            <SiteFooter />
            {root ? <CookieConsent initial={root.consent} analyticsScriptUrl={root.analyticsScriptUrl} /> : null}
            {hydrated && isAdmin ? (
              <Suspense fallback={null}>
                <AdminClient pendingCount={pendingCount} push={root?.push ?? null} />
              </Suspense>
            ) : null}
          </HoneypotProvider>
        </AuthenticityTokenProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The service worker (docs/specification.md §7), registered once the page has loaded, from a chunk of its own. A visitor's app badge is
 * cleared (an admin who logged out leaves no count behind); an admin's follows the live count (AdminClient).
 */
function useServiceWorker(isAdmin: boolean) {
  useEffect(() => {
    const start = () =>
      import('./components/sw/service-worker').then((sw) => {
        void sw.registerServiceWorker();
        if (!isAdmin) void sw.syncAppBadge(null);
      });
    if (document.readyState === 'complete') void start();
    else window.addEventListener('load', () => void start(), { once: true });
  }, [isAdmin]);
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  );
}
