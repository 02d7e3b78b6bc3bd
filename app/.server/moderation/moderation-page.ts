// What an admin sees on /admin/events: a tab of the moderation list and the event chosen, with what may be decided.
import { CANTON_NAMES } from '~/domain/cantons';
import { formatCalendarDay, zurichToday } from '~/domain/dates';
import type { AgendaEvent } from '~/domain/event';
import { formatEventShort, formatEventWhen } from '~/domain/event-dates';
import { describeChanges, fieldLabel } from '~/domain/event-diff';
import { awaitsModeration, workingView } from '~/domain/event-lifecycle';
import { CONFIRM_DELETE_PARAM, startsSoon } from '~/domain/moderation';
import { performersText } from '~/domain/performers';
import { pointPlace } from '~/domain/point-place';
import { formatPrice } from '~/domain/price';
import { summariseSchedule } from '~/domain/schedule-preview';
import { compactDiff, diffWords } from '~/domain/text-diff';
import { seriesDateCount } from '../events/whole-series';
import type { FileStore } from '../files/ports';
import { type ModerationPlaces, placesUnderModeration } from '../places/moderation-places';
import type { Config } from '../platform/config';
import type { MailPort, Store, UserProfile } from '../ports';
import type { LiveHub } from './live';
import { moderateEvent, moderationCase, moderationList, parseModerationQuery } from './moderation';

/**
 * The page's events as the moderator will decide on them (a pending revision applied), in the store's order: those
 * awaiting a decision that start within STARTS_SOON_HOURS first, soonest first, marked « Commence bientôt », then the
 * others (tonight's concert was 6th of 9, issue 70). The mark is the store's criterion, on the stored dates.
 */
function withMarks(stored: readonly AgendaEvent[], now: Date) {
  return stored.map((raw) => ({ raw, event: workingView(raw), soon: awaitsModeration(raw) && startsSoon(raw, now) }));
}

/**
 * The line under the title: an event's dates, or a series' first and last days and how many dates it has (« 6 dates,
 * du mardi 1er décembre 2026 au mardi 5 janvier 2027 »): its span from 18:30 on the first day to 20:00 on the last read
 * like one long event. An exhibition (a period) is one span, said as such.
 */
function moderationWhen(event: AgendaEvent): string {
  const count = seriesDateCount(event) ?? 0;
  const day = (at: string) => formatCalendarDay(zurichToday(new Date(at)), 'weekdayYear');
  const first = day(event.startsAt);
  const last = day(event.endsAt);
  if (count < 2 || first === last) return formatEventWhen(event);
  return `${count} dates, du ${first} au ${last}`;
}

/** A series' number of dates before its span in the list (« 8 dates · mar. 1er déc. → mar. 19 janv. »), else ''. */
function seriesCount(event: AgendaEvent): string {
  const count = seriesDateCount(event) ?? 0;
  return count > 1 ? `${count} dates · ` : '';
}

/** What the moderator sees of an event: its working copy (a pending revision applied) and what the revision changes. */
function previewOf(stored: AgendaEvent, categoryLabels: Map<string, string>, places: ModerationPlaces) {
  const event = workingView(stored);
  const label = (slug: string) => categoryLabels.get(slug) ?? slug;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    performers: performersText(event.performers),
    status: event.status,
    featured: event.featured,
    rejectionReason: event.rejectionReason,
    category: categoryLabels.get(event.category) ?? event.category,
    when: moderationWhen(event),
    /**
     * A series as the organizer saw it before sending (summariseSchedule, the same words): its rule, first dates and
     * how many, dates skipped, an exhibition's week and closing days — what the span under the title does not say.
     */
    schedule: event.schedule ? summariseSchedule(event.schedule) : null,
    startsAt: event.startsAt,
    place: [event.venueName, event.street, [event.postalCode, event.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    canton: CANTON_NAMES[event.canton],
    located: event.lat != null && event.lng != null,
    /** Where the point falls (issue 70): the nearest locality and its canton, a warning, a link to the map. */
    point: pointPlace(event),
    price: formatPrice(event),
    priceNote: event.priceNote,
    ticketUrl: event.ticketUrl,
    websiteUrl: event.websiteUrl,
    organizerName: event.organizerName,
    contactEmail: event.contactEmail,
    contactPhone: event.contactPhone,
    image: event.image,
    accessibility: [
      event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
      event.accessibility.hearing ? 'Équipé pour les personnes malentendantes' : null,
      event.accessibility.familyFriendly ? 'Adapté aux familles' : null,
    ].filter((x): x is string => x !== null),
    changes: [...new Set((event.pendingChanges ?? []).map(fieldLabel))],
    /** A published event's pending revision: each change, published value beside the new one. */
    revision: stored.revision
      ? describeChanges(stored, stored.revision, label, (id) => places.names[id] ?? id).map((change) => ({
          ...change,
          // Read as one text, the removed words struck out and the added ones marked (issue 33).
          parts: compactDiff(diffWords(change.before, change.after)),
        }))
      : null,
    submittedAt: event.submittedAt,
    updatedAt: event.updatedAt,
    moderatedAt: event.moderatedAt,
    past: Date.parse(event.endsAt) < Date.now(),
    /** Its venue and organizer records: a proposed one is approved with the event (decision 095). */
    venueRecord: places.venue,
    organizerRecord: places.organizer,
  };
}

/**
 * The moderation page of an admin: the list of a tab (the queue by default), the event chosen (`?eventId=`, or the
 * first of the list) shown whole, and what may be decided on it.
 */
export async function moderationPage({ store }: { store: Store }, url: URL, now = new Date()) {
  const eventId = url.searchParams.get('eventId');
  const wanted = eventId ? await store.events.findById(eventId) : null;
  // ?eventId= alone (the notification's link) opens the list of that event's status, so it is highlighted there.
  const query = parseModerationQuery(
    url.searchParams,
    wanted && !url.searchParams.has('status') ? (awaitsModeration(wanted) ? 'pending' : wanted.status) : 'pending',
  );
  const [list, categories] = await Promise.all([moderationList({ store }, query, now), store.categories.list()]);
  const labels = new Map(categories.map((c) => [c.slug, c.label]));
  const items = withMarks(list.items, now);
  const selected = wanted ?? (eventId ? null : (items[0]?.raw ?? null));
  const [decision, places] = selected
    ? await Promise.all([moderationCase({ store }, selected), placesUnderModeration({ store }, selected)])
    : [null, null];
  return {
    query: { status: query.status, q: query.q, page: list.page, after: query.after, before: query.before },
    searchError: query.searchError,
    counts: list.counts,
    awaiting: list.awaiting,
    total: list.total,
    pages: list.pages,
    /** The cursors of the pages before and after this one (null: none). */
    prev: list.prev,
    next: list.next,
    // As the moderator will decide on them: a pending revision applied.
    items: items.map(({ event: e, soon }) => ({
      id: e.id,
      title: e.title,
      status: e.status,
      featured: e.featured,
      city: e.city,
      short: seriesCount(e) + formatEventShort(e),
      organizerName: e.organizerName,
      submittedAt: e.submittedAt,
      startsSoon: soon,
      resubmitted: (e.pendingChanges ?? []).length > 0,
      revision: e.revision !== null,
    })),
    missing: Boolean(eventId && !wanted),
    selected: selected && places ? previewOf(selected, labels, places) : null,
    confirmDelete: Boolean(selected && url.searchParams.get(CONFIRM_DELETE_PARAM) === '1'),
    decision: decision
      ? {
          actions: decision.actions,
          owner: decision.owner
            ? {
                displayName: decision.owner.displayName,
                email: decision.owner.email,
                emailVerified: decision.owner.emailVerified,
                createdAt: decision.owner.createdAt,
                disabled: decision.owner.disabled,
              }
            : null,
          ownerCounts: decision.ownerCounts,
          organization: decision.organization,
          history: decision.history.map((h) => ({
            id: h.id,
            action: h.action,
            adminName: h.adminName,
            reason: h.reason,
            createdAt: h.createdAt,
          })),
          duplicates: decision.duplicates.map((d) => ({ id: d.id, title: d.title, short: formatEventShort(d) })),
        }
      : null,
  };
}

/** What an admin’s decision uses: the store, the mails to the organizer, the images, the live count. */
export interface DecisionDeps {
  store: Store;
  mailer: MailPort;
  config: Pick<Config, 'SITE_URL'>;
  live: Pick<LiveHub, 'poke'>;
  files: FileStore;
}

/** An admin's decision on an event, with mails to the organizer and the live count updated. */
export function decideOnEvent(
  services: DecisionDeps,
  admin: UserProfile,
  input: { eventId: string; action: unknown; reason: string; seen: string },
) {
  return moderateEvent(
    {
      store: services.store,
      mailer: services.mailer,
      files: services.files,
      siteUrl: services.config.SITE_URL,
      onChange: () => services.live.poke(),
    },
    admin,
    input,
  );
}
