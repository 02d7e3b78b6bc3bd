// Public reading of events: the upcoming agenda and one event as a given viewer may see it.
import type { CantonCode } from '~/domain/cantons';
import type { CategorySlug } from '~/domain/categories';
import type { AgendaEvent } from '~/domain/event';
import type { Store, UserProfile } from './ports';

export const PAGE_SIZE = 20;

export async function listUpcomingEvents(
  store: Store,
  filters: { page: number; category?: CategorySlug; canton?: CantonCode; text?: string },
  now = new Date(),
) {
  const page = Math.max(1, filters.page);
  const { items, total } = await store.events.search({
    endsAfter: now.toISOString(),
    status: ['approved', 'cancelled'],
    category: filters.category,
    canton: filters.canton,
    text: filters.text || undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Approved and cancelled events are public; others only for their owner and admins, or null (404). */
export async function getEventForViewer(
  store: Store,
  id: string,
  viewer: UserProfile | null,
): Promise<AgendaEvent | null> {
  const event = await store.events.findById(id);
  if (!event) return null;
  if (event.status === 'approved' || event.status === 'cancelled') return event;
  if (viewer && (viewer.role === 'admin' || viewer.uid === event.createdBy)) return event;
  return null;
}
