// Deterministic demo content, dated relative to today so the agenda always looks alive.
import { DEFAULT_CATEGORIES } from '~/domain/categories';
import { addDaysToDate, zurichIso, zurichToday } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import type { Partner } from '~/domain/partner';
import { slugify } from '~/domain/slug';
import { createLocalIdentity } from '../identity/local';
import type { IdentityProvider } from '../identity/ports';
import { stableId } from '../ids';
import type { Store, UserProfile } from '../ports';
import { SEED_EVENTS, SEED_PARTNERS, type SeedEventSpec } from './demo-data';

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
    category: spec.category,
    startsAt: zurichIso(startDay, spec.allDay ? '00:00' : spec.start),
    endsAt: zurichIso(endDay, spec.allDay ? '23:59' : spec.end),
    allDay: spec.allDay ?? false,
    venueName: spec.venueName,
    street: spec.street,
    postalCode: spec.postalCode,
    city: spec.city,
    canton: spec.canton,
    lat: spec.lat,
    lng: spec.lng,
    isFree: spec.isFree,
    priceMin: spec.isFree ? null : spec.priceMin,
    priceMax: spec.isFree ? null : spec.priceMax,
    priceNote: spec.priceNote,
    ticketUrl: spec.ticketUrl,
    websiteUrl: spec.websiteUrl,
    organizerName: spec.organizerName,
    contactEmail: spec.contactEmail,
    contactPhone: spec.contactPhone,
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
    moderatedAt: status === 'pending' ? null : now,
  };
}

/** Categories are product data: an empty store always gets the 12 of SPEC. */
export async function seedCategories(store: Store): Promise<void> {
  if ((await store.categories.list()).length === 0) await store.categories.upsertMany(DEFAULT_CATEGORIES);
}

export async function seedDemo(
  store: Store,
  now = new Date(),
  identity: IdentityProvider = createLocalIdentity(store, ''),
): Promise<{ users: UserProfile[]; events: number }> {
  const nowIso = now.toISOString();
  const users: UserProfile[] = [];
  for (const account of DEMO_ACCOUNTS) {
    // The sign-in account first (Firebase Auth keeps its own), then the profile with the same uid.
    const signIn = await identity.ensureAccount({
      uid: stableId(`user:${account.email}`, 20),
      email: account.email,
      password: account.password,
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
    const ownedByDemoOrganizer = (spec.status ?? 'approved') !== 'approved' || index % 9 === 0;
    const event = buildSeedEvent(spec, today, ownedByDemoOrganizer ? organizer.uid : null, nowIso);
    // Submissions spread over the last 12 weeks (the admin dashboard's chart); pending ones are recent.
    const daysAgo = event.status === 'pending' ? index % 3 : (index * 5) % 84;
    return { ...event, submittedAt: new Date(now.getTime() - daysAgo * 86_400_000 - index * 60_000).toISOString() };
  });
  // A few decisions of this week go through the moderation log, so the dashboard's activity is not empty.
  const decided = new Set(events.filter((e, i) => e.status !== 'pending' && i % 8 === 0).map((e) => e.id));
  await store.events.insertMany(
    events.map((e) => (decided.has(e.id) ? { ...e, status: 'pending' as const, rejectionReason: '' } : e)),
  );
  for (const event of events.filter((e) => decided.has(e.id))) {
    const action = event.status === 'rejected' ? 'reject' : event.status === 'cancelled' ? 'cancel' : 'approve';
    if (action === 'cancel') {
      await store.events.moderate({
        id: event.id,
        from: ['pending'],
        patch: { status: 'approved' },
        entry: { adminUid: admin.uid, action: 'approve', reason: '', createdAt: nowIso },
      });
    }
    await store.events.moderate({
      id: event.id,
      from: action === 'cancel' ? ['approved'] : ['pending'],
      patch: { status: event.status, rejectionReason: event.rejectionReason },
      entry: { adminUid: admin.uid, action, reason: event.rejectionReason, createdAt: nowIso },
    });
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
