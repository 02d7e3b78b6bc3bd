// « Suivre » an organizer or a venue (issue 74, decision 173): an account follows it; its public events published since
// are « Nouveautés de ceux que je suis » on `/favoris`; and, if the person chooses it, they come by mail each week as an
// alert of the account's verified address on that organizer's or venue's list (the alerts' digest: no second mailer).
import type { AgendaEvent } from '~/domain/event';
import { type FollowKind, followFilter, NEWS_SHOWN } from '~/domain/follows';
import { type AlertDeps, alertIdFor, alertToken, hashAlertToken, pendingAlertsExpiry } from '../alerts/alerts';
import { newEventsFor } from '../alerts/digest';
import type { Follow, Store, UserProfile } from '../ports';

/** The most an account follows. */
export const FOLLOWS_MAX = 50;
/** How many soonest dates of each one's list are looked at for its news (a bounded read per follow). */
const NEWS_CANDIDATES = 40;

export const FOLLOWED = 'Vous suivez désormais ses nouveautés\u00a0: elles apparaîtront dans vos favoris.';
export const FOLLOWED_MAIL = 'Vous suivez désormais ses nouveautés, dans vos favoris et par email chaque jeudi.';
export const UNFOLLOWED = 'Vous ne suivez plus ses nouveautés.';
export const FOLLOW_UNKNOWN = 'Cette page ne peut pas être suivie.';
export const FOLLOWS_FULL = `Vous suivez déjà ${FOLLOWS_MAX} organisateurs et lieux\u00a0: arrêtez d’en suivre un pour en suivre un autre.`;
export const FOLLOW_MAIL_UNVERIFIED =
  'Vous suivez désormais ses nouveautés dans vos favoris. Pour les recevoir par email, confirmez d’abord votre adresse.';

export interface FollowInput {
  intent: 'follow' | 'unfollow';
  kind: FollowKind;
  slug: string;
  /** The weekly mail chosen. */
  mail: boolean;
}

/** Whether a public (approved) organizer or venue has this slug, as its page finds it. */
async function followable(store: Store, kind: FollowKind, slug: string): Promise<boolean> {
  const found = kind === 'organisateur' ? await store.organizers.findBySlug(slug) : await store.venues.findBySlug(slug);
  return Boolean(found && !found.moved && found.record.status === 'approved');
}

/** The alert of the account's address on this list, active at once: the address is verified, the account asks. */
async function subscribeWeekly(deps: AlertDeps, email: string, filter: string, now: Date): Promise<void> {
  const address = email.toLowerCase();
  const id = alertIdFor(address, filter);
  const at = now.toISOString();
  const tokenHash = hashAlertToken(alertToken(deps.secret, { id, createdAt: at }));
  const { alert } = await deps.store.alerts.request({
    id,
    email: address,
    filter,
    rhythm: 'weekly',
    tokenHash,
    now: at,
  });
  if (alert.status === 'active') return;
  await deps.store.alerts.confirm(alert.tokenHash, at, pendingAlertsExpiry(now));
}

/** Follows or stops following; the sentence to show. */
export async function followPlace(
  deps: AlertDeps,
  user: Pick<UserProfile, 'uid' | 'email' | 'emailVerified'>,
  input: FollowInput,
  now: Date,
): Promise<{ ok: boolean; message: string }> {
  const { store } = deps;
  const key = { kind: input.kind, slug: input.slug };
  const filter = followFilter(key);
  if (input.intent === 'unfollow') {
    await store.favourites.unfollow(user.uid, key);
    // Its weekly mail ends with it (an alert of the account's own address only).
    const alertId = alertIdFor(user.email.toLowerCase(), filter);
    if ((await store.alerts.listByEmail(user.email.toLowerCase())).some((a) => a.id === alertId))
      await store.alerts.delete(alertId);
    return { ok: true, message: UNFOLLOWED };
  }
  if (!(await followable(store, input.kind, input.slug))) return { ok: false, message: FOLLOW_UNKNOWN };
  if (!(await store.favourites.follow(user.uid, key, now.toISOString(), FOLLOWS_MAX)))
    return { ok: false, message: FOLLOWS_FULL };
  if (!input.mail) return { ok: true, message: FOLLOWED };
  if (!user.emailVerified) return { ok: true, message: FOLLOW_MAIL_UNVERIFIED };
  await subscribeWeekly(deps, user.email, filter, now);
  return { ok: true, message: FOLLOWED_MAIL };
}

/** What this account's page of an organizer or venue says: followed or not, and with the weekly mail or not. */
export async function followState(
  store: Store,
  user: Pick<UserProfile, 'uid' | 'email'>,
  key: { kind: FollowKind; slug: string },
): Promise<{ following: boolean; mail: boolean }> {
  const following = (await store.favourites.follows(user.uid)).some((f) => f.kind === key.kind && f.slug === key.slug);
  if (!following) return { following, mail: false };
  const alertId = alertIdFor(user.email.toLowerCase(), followFilter(key));
  const mail = (await store.alerts.listByEmail(user.email.toLowerCase())).some((a) => a.id === alertId);
  return { following, mail };
}

/**
 * « Nouveautés de ceux que je suis »: the public events of what the account follows published since it started
 * following, still upcoming, soonest first; each follow's list read once, bounded (NEWS_CANDIDATES dates), NEWS_SHOWN
 * in all.
 */
export async function followedNews(
  { store }: { store: Store },
  follows: readonly Follow[],
  now: Date,
): Promise<AgendaEvent[]> {
  const seen = new Set<string>();
  const news: AgendaEvent[] = [];
  for (const follow of follows.slice(0, FOLLOWS_MAX)) {
    const since = { confirmedAt: follow.createdAt, filter: followFilter(follow), sentEventIds: [] };
    for (const event of await newEventsFor({ store }, since, now, NEWS_CANDIDATES)) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      news.push(event);
    }
  }
  return news.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).slice(0, NEWS_SHOWN);
}

/** `/favoris` for an account: how many it follows, and their news. */
export async function accountNews({ store }: { store: Store }, uid: string, now: Date) {
  const follows = await store.favourites.follows(uid);
  return { follows: follows.length, news: await followedNews({ store }, follows, now) };
}
