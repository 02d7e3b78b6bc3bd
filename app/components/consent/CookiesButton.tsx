// The footer's 'Cookies' button (docs/specification.md §2), apart from the consent component: the footer is on every page and this is
// all it needs of it.
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { COOKIE_PREFERENCES_ID } from '~/domain/consent';

/** The footer's 'Cookies' button asks the dialog to open with this window event. */
export const OPEN_PREFERENCES_EVENT = 'agenda:cookie-preferences';

/**
 * A link to the dialog without JavaScript, a button that opens it with JavaScript (a link's #target does nothing
 * then). « Cookies » in the footer; any words elsewhere (« cookies fonctionnels » in a sentence).
 */
export function CookiesButton({ className, children = 'Cookies' }: { className?: string; children?: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={`#${COOKIE_PREFERENCES_ID}`} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT))}>
      {children}
    </button>
  );
}
