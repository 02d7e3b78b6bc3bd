// Deterministic demo content, dated relative to today so the agenda always looks alive.

import { expandSchedule, scheduleSpan } from '~/.server/schedule/schedule-expand';
import { DEFAULT_CATEGORIES } from '~/domain/categories';
import { addDaysToDate, zurichIso, zurichToday } from '~/domain/dates';
import { type AgendaEvent, contentOf, placeAndContactOf } from '~/domain/event';
import { changedFields, type LifecycleAction } from '~/domain/event-lifecycle';
import type { Partner } from '~/domain/partner';
import { alignFirstDate } from '~/domain/schedule-days';
import { slugify } from '~/domain/slug';
import { changeEvent } from '../events/lifecycle';
import { createLocalIdentity } from '../identity/local';
import type { IdentityProvider } from '../identity/ports';
import { accountsAsResponsables } from '../organizations/members';
import { planPlaces } from '../places/attach-places';
import { stableId } from '../platform/ids';
import type { Store, UserProfile } from '../ports';
import { SEED_EVENTS, SEED_PARTNERS, type SeedEventSpec } from './demo-data';
import { SEED_SERIES, type SeedSeriesSpec } from './demo-series';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.agenda-romand.ch', password: 'Romandie-Admin-2026', displayName: 'Admin démo', role: 'admin' },
  {
    email: 'organisateur@demo.agenda-romand.ch',
    password: 'Romandie-Orga-2026',
    displayName: 'Organisateur démo',
    role: 'organizer',
  },
] as const;

export function buildSeedEvent(spec: SeedEventSpec, today: string, createdBy: string | null, now: string): AgendaEvent {
  const startDay = addDaysToDate(today, spec.dayOffset);
  const endDay = addDaysToDate(today, spec.endDayOffset ?? spec.dayOffset);
  const status = spec.status ?? 'approved';
  return {
    id: stableId(`event:${spec.key}`),
    slug: slugify(spec.title),
    title: spec.title,
    description: spec.description,
    performers: [...(spec.performers ?? [])],
    category: spec.category,
    startsAt: zurichIso(startDay, spec.allDay ? '00:00' : spec.start),
    endsAt: zurichIso(endDay, spec.allDay ? '23:59' : spec.end),
    allDay: spec.allDay ?? false,
    openEnd: false,
    ...placeAndContactOf(spec),
    image: null,
    accessibility: { ...spec.accessibility },
    status,
    rejectionReason: spec.rejectionReason ?? '',
    featured: spec.featured ?? false,
    createdBy,
    createdAt: now,
    updatedAt: now,
    submittedAt: now,
    moderatedBy: null,
    moderatedAt: status === 'pending' || status === 'withdrawn' ? null : now,
    pendingChanges: [],
    previousStatus: status === 'cancelled' ? 'approved' : status === 'withdrawn' ? 'pending' : null,
    revision: null,
  };
}

/**
 * A demo series: its schedule from its first day, the dates it spans, its cancelled dates (decision 041). A rule's
 * first date is its first day, as the form makes it (alignFirstDate): « à partir du » names a date of the series.
 */
export function buildSeedSeries(spec: SeedSeriesSpec, today: string, createdBy: string | null, now: string) {
  const given = spec.schedule(addDaysToDate(today, spec.dayOffset));
  const schedule = given.kind === 'rule' ? alignFirstDate(given) : given;
  const span = scheduleSpan(schedule);
  if (!span) throw new Error(`Série de démonstration sans date : ${spec.key}`);
  const dates = expandSchedule(schedule, Number.POSITIVE_INFINITY);
  const event = buildSeedEvent({ ...spec, start: '00:00', end: '23:59' }, today, createdBy, now);
  return {
    ...event,
    ...span,
    schedule,
    cancelledDates: (spec.cancelled ?? []).map((i) => dates[i].startsAt),
  };
}

/** The event of a spec, with its pending revision if it has one (the public keeps seeing the approved fields). */
function buildSeedEventWithRevision(spec: SeedEventSpec, today: string, createdBy: string | null, now: string) {
  const event = buildSeedEvent(spec, today, createdBy, now);
  if (!spec.revision) return event;
  const revised = contentOf(buildSeedEvent({ ...spec, ...spec.revision }, today, createdBy, now));
  return { ...event, revision: revised, pendingChanges: changedFields(event, revised) };
}

/** Categories are product data: an empty store always gets the 12 of docs/specification.md §2. */
export async function seedCategories({ store }: { store: Store }): Promise<void> {
  if ((await store.categories.list()).length === 0) await store.categories.upsertMany(DEFAULT_CATEGORIES);
}

/** The password a demo account gets: the README's, unless the caller gives another (a site that is not local). */
export type DemoPassword = (account: (typeof DEMO_ACCOUNTS)[number]) => string;

export async function seedDemo(
  { store }: { store: Store },
  now = new Date(),
  identity: IdentityProvider = createLocalIdentity(store, ''),
  passwordOf: DemoPassword = (account) => account.password,
): Promise<{ users: UserProfile[]; events: number }> {
  const nowIso = now.toISOString();
  const users: UserProfile[] = [];
  for (const account of DEMO_ACCOUNTS) {
    // The sign-in account first (Firebase Auth keeps its own), then the profile with the same uid.
    const signIn = await identity.ensureAccount({
      uid: stableId(`user:${account.email}`, 20),
      email: account.email,
      password: passwordOf(account),
      displayName: account.displayName,
    });
    users.push(
      await store.users.upsert({
        uid: signIn.uid,
        email: account.email,
        displayName: account.displayName,
        role: account.role,
        passwordHash: signIn.passwordHash,
        emailVerified: true,
        now: nowIso,
      }),
    );
  }
  const organizer = users.find((u) => u.role === 'organizer')!;
  const today = zurichToday(now);
  const admin = users.find((u) => u.role === 'admin')!;
  const events = SEED_EVENTS.map((spec, index) => {
    const ownedByDemoOrganizer = (spec.status ?? 'approved') !== 'approved' || spec.revision || index % 9 === 0;
    const event = buildSeedEventWithRevision(spec, today, ownedByDemoOrganizer ? organizer.uid : null, nowIso);
    // Submissions spread over the last 12 weeks (the admin dashboard's chart); pending ones are recent.
    const daysAgo = event.status === 'pending' || event.revision ? index % 3 : (index * 5) % 84;
    return { ...event, submittedAt: new Date(now.getTime() - daysAgo * 86_400_000 - index * 60_000).toISOString() };
  });
  // The demo series belong to the demo organizer (they can cancel one of their dates).
  for (const spec of SEED_SERIES) events.push(buildSeedSeries(spec, today, organizer.uid, nowIso));
  // A few decisions of this week go through the admin's use case (the moderation log), so the dashboard's activity
  // is not empty.
  const decisions: Partial<Record<AgendaEvent['status'], LifecycleAction[]>> = {
    approved: ['approve'],
    rejected: ['reject'],
    cancelled: ['approve', 'cancel'],
  };
  const decided = new Set(events.filter((e, i) => decisions[e.status] && !e.revision && i % 8 === 0).map((e) => e.id));
  // Venues and organizers as records (issue 36), planned as the places migration would, stored before their events.
  const places = await planPlaces(
    events,
    { venues: [], organizers: [] },
    now,
    async (uid) => users.find((u) => u.uid === uid) ?? null,
  );
  await store.venues.insertMany(places.newVenues);
  await store.organizers.insertMany(places.newOrganizers);
  await accountsAsResponsables({ store }, places.newOrganizers, nowIso);
  const placeOf = new Map(places.links.map((l) => [l.eventId, l]));
  for (const e of events)
    Object.assign(e, { venueId: placeOf.get(e.id)?.venueId, organizerId: placeOf.get(e.id)?.organizerId });
  await store.events.insertMany(
    events.map((e) =>
      decided.has(e.id)
        ? { ...e, status: 'pending' as const, rejectionReason: '', previousStatus: null, moderatedAt: null }
        : e,
    ),
  );
  for (const event of events.filter((e) => decided.has(e.id))) {
    // One decision per second: versions (updatedAt) stay whole seconds, as calendars show them.
    for (const [step, action] of (decisions[event.status] ?? []).entries()) {
      const at = () => new Date(now.getTime() + (step + 1) * 1000);
      await changeEvent({ store, now: at }, admin, { eventId: event.id, action, reason: event.rejectionReason });
    }
  }
  const partners: Partner[] = SEED_PARTNERS.map((p, index) => ({
    id: stableId(`partner:${p.slug}`),
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    description: p.description,
    logo: p.logo,
    websiteUrl: p.websiteUrl,
    order: index + 1,
    active: true,
  }));
  await store.partners.insertMany(partners);
  return { users, events: events.length };
}
