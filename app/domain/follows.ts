// « Suivre » an organizer or a venue (issue 74, decision 173): what the form posts and the list it follows.
export type FollowKind = 'organisateur' | 'lieu';

export const FOLLOW_ACTION = '/suivre';
/** How many « Nouveautés de ceux que je suis » `/favoris` shows. */
export const NEWS_SHOWN = 30;

export const isFollowKind = (value: unknown): value is FollowKind => value === 'organisateur' || value === 'lieu';

/** The list's filter of what is followed, as an alert keeps it: `organisateur=jazz-club`. */
export const followFilter = (key: { kind: FollowKind; slug: string }) => `${key.kind}=${encodeURIComponent(key.slug)}`;

const SLUG = /^[a-z0-9-]{1,100}$/;
export const isFollowSlug = (value: unknown): value is string => typeof value === 'string' && SLUG.test(value);
