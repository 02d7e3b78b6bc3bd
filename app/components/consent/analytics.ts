// Audience measurement in the browser, only with the visitor's consent: a page view after every navigation (docs/specification.md §2)
// sent to our own counter, and the optional external script, loaded once consent is given.
import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';

export const PAGE_VIEW_URL = '/analytics/pageview';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

function send(url: string, body: string) {
  const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body);
  if (!sent) {
    fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => {});
  }
}

/**
 * Sends one page view per navigation (path and title) while `granted`; nothing otherwise. A counted link of an event's
 * page (`data-figure`, decision 171) is reported, while `granted`, by a beacon that says the choice kept in this browser,
 * instead of its `ping` (which cannot say it, and which some browsers never send); the server reads the cookie's first.
 */
export function usePageViews(granted: boolean) {
  const location = useLocation();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[data-figure]') : null;
      const url = link?.getAttribute('data-figure');
      if (!link || !url) return;
      link.removeAttribute('ping');
      if (granted) send(url, JSON.stringify({ analytics: true }));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [granted]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one page view per navigation (location.key), and one when consent is given.
  useEffect(() => {
    if (!granted) return;
    // The admin's `(N) ` prefix is not part of the page's title.
    // `analytics`: the choice is in this browser's local storage, which the server cannot read.
    // `date`: the date of a series an event's page is about, counted as that date's (decision 171).
    const date = new URLSearchParams(location.search).get('date');
    const body = JSON.stringify({
      path: location.pathname,
      title: document.title.replace(/^\(\d+\) /, ''),
      analytics: true,
      ...(date ? { date } : {}),
    });
    send(PAGE_VIEW_URL, body);
  }, [granted, location.key]);
}

/** docs/specification.md §4: saving the preferences updates the analytics tool's consent (granted or denied). */
export function updateAnalyticsConsent(granted: boolean) {
  const state = granted ? 'granted' : 'denied';
  window.gtag?.('consent', 'update', { analytics_storage: state });
  window.dispatchEvent(new CustomEvent('agenda:analytics-consent', { detail: state }));
}

/** Loads the configured external script once, after consent (never before: it may set its own cookies). */
export function useExternalAnalytics(scriptUrl: string | null, granted: boolean) {
  useEffect(() => {
    if (!scriptUrl || !granted) return;
    if (document.querySelector(`script[data-analytics="${CSS.escape(scriptUrl)}"]`)) return;
    // A script inserted by our own (hash-trusted) code is allowed by the CSP's 'strict-dynamic'.
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.analytics = scriptUrl;
    document.head.append(script);
  }, [scriptUrl, granted]);
}
