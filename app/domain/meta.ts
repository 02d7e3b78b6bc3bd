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
  /** The route matches, so the title can carry the admin's pending count (SPEC §2). */
  matches?: readonly (MatchLike | undefined)[];
}

export function pendingCountFromMatches(matches: readonly (MatchLike | undefined)[] | undefined): number | null {
  const root = matches?.find((m) => m?.id === 'root')?.data as { pendingCount?: number | null } | undefined;
  return root?.pendingCount ?? null;
}

export function pageMeta({ title, description, path, matches }: PageMetaInput) {
  const fullTitle = withPendingPrefix(pageTitle(title), pendingCountFromMatches(matches));
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: title ?? SITE_NAME },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'fr_CH' },
    { tagName: 'link', rel: 'canonical', href: path },
  ];
}
