// Site-wide constants shared by the server and the browser.
export const SITE_NAME = 'Agenda romand';
export const SITE_TAGLINE = 'les événements de Suisse romande';
export const SITE_TITLE = `${SITE_NAME} — ${SITE_TAGLINE}`;

/** Browser title of a page: the page name, then the site name and tagline. */
export function pageTitle(page?: string): string {
  return page ? `${page} · ${SITE_TITLE}` : SITE_TITLE;
}

/** docs/specification.md §2: an admin with pending events sees `(N) ` before the title. */
export function withPendingPrefix(title: string, pendingCount: number | null | undefined): string {
  return pendingCount && pendingCount > 0 ? `(${pendingCount}) ${title}` : title;
}

/** docs/specification.md §9: the menu badge caps at 99+. */
export function badgeLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/agendaromand' },
  { label: 'Facebook', href: 'https://www.facebook.com/agendaromand' },
] as const;

export const CONTACT_EMAIL = 'contact@agenda-romand.ch';
