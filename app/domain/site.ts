// Site-wide constants shared by the server and the browser.
export const SITE_NAME = 'Agenda romand';
export const SITE_TAGLINE = 'les événements de Suisse romande';
export const SITE_TITLE = `${SITE_NAME} — ${SITE_TAGLINE}`;

/** The longest title search engines show whole (issue 52). */
export const TITLE_MAX = 70;

/**
 * Browser title of a page: the page name, then the site name and tagline; the site name alone when both would be
 * longer than TITLE_MAX; the page name alone when even that would be (an event's title, date and town say more than
 * the site's name), and a page name that is still too long cut at a word with « … ».
 */
export function pageTitle(page?: string): string {
  if (!page) return SITE_TITLE;
  const full = `${page} · ${SITE_TITLE}`;
  if (full.length <= TITLE_MAX) return full;
  const suffix = ` · ${SITE_NAME}`;
  if (page.length + suffix.length <= TITLE_MAX) return `${page}${suffix}`;
  if (page.length <= TITLE_MAX) return page;
  const room = page.slice(0, TITLE_MAX - 1);
  const cut = room.lastIndexOf(' ') > room.length / 2 ? room.slice(0, room.lastIndexOf(' ')) : room;
  return `${cut.replace(/[\s·,:;–—-]+$/u, '')}…`;
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
