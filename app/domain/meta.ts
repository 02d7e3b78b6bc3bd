// Builds the <meta> list of a page: title (with the admin's pending count), description, OpenGraph, canonical link.
import { pageTitle, SITE_NAME, withPendingPrefix } from './site';

interface MatchLike {
  id: string;
  data?: unknown;
}

export interface PageMetaInput {
  title?: string;
  description: string;
  path: string;
  /** The route matches, so the title can carry the admin's pending count (docs/specification.md §2) and URLs can be absolute. */
  matches?: readonly (MatchLike | undefined)[];
  /** Absolute or site-relative image for link previews. */
  image?: string;
  type?: 'website' | 'article';
  /** A page of one person's link (an alert, a password reset): kept out of search engines. */
  noindex?: boolean;
  /** The site path of the page's ActivityPub document (its actor, its event object), linked when federation is on. */
  activityPub?: string;
}

function rootData(matches: readonly (MatchLike | undefined)[] | undefined) {
  return matches?.find((m) => m?.id === 'root')?.data as
    | { pendingCount?: number | null; siteUrl?: string; federation?: boolean }
    | undefined;
}

export function pendingCountFromMatches(matches: readonly (MatchLike | undefined)[] | undefined): number | null {
  return rootData(matches)?.pendingCount ?? null;
}

export function pageMeta({
  title,
  description,
  path,
  matches,
  image,
  type = 'website',
  noindex = false,
  activityPub,
}: PageMetaInput) {
  const fullTitle = withPendingPrefix(pageTitle(title), pendingCountFromMatches(matches));
  const siteUrl = rootData(matches)?.siteUrl ?? '';
  const url = `${siteUrl}${path}`;
  const imageUrl = image ? (image.startsWith('http') ? image : `${siteUrl}${image}`) : `${siteUrl}/og-image.jpg`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: title ?? SITE_NAME },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'fr_CH' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title ?? SITE_NAME },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    // Its ActivityPub twin (an actor, an event object), named only when the federation is on (decision 102).
    ...(activityPub && rootData(matches)?.federation
      ? [{ tagName: 'link', rel: 'alternate', type: 'application/activity+json', href: `${siteUrl}${activityPub}` }]
      : []),
  ];
}
