// /evenement/{id}/calendrier.ics: one event to add to a calendar (its owner and admins may also get it while pending).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { categoryInfos } from '~/.server/categories/categories';
import { getEventForViewer } from '~/.server/events/public';
import { storedDateOn } from '~/.server/events/series';
import { buildICalendar } from '~/.server/feeds/calendar';
import { getCurrentUser } from '~/.server/platform/session';
import { registrationsOf } from '~/.server/registrations/registrations';
import type { AgendaEvent } from '~/domain/event';
import { SITE_NAME } from '~/domain/site';

const fileName = (slug: string) => slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'evenement';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const store = context.services.store;
  const view = params.id
    ? await getEventForViewer({ store }, params.id, await getCurrentUser(request, context.services))
    : null;
  if (!view) {
    return new Response('Événement introuvable : il n’existe pas ou n’est pas (encore) publié.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const { event } = view;
  // One date of a series (`?date=`, from its page's « Ajouter au calendrier »): that date alone, as a list gives it.
  const day = new URL(request.url).searchParams.get('date');
  const date =
    day && event.schedule && event.schedule.kind !== 'period'
      ? await storedDateOn({ store }, event.id, day)
      : undefined;
  const shown: AgendaEvent = date
    ? {
        ...event,
        startsAt: date.startsAt,
        endsAt: date.endsAt,
        openEnd: date.openEnd,
        occurrence: { cancelled: date.cancelled, upcoming: 0 },
      }
    : event;
  const body = buildICalendar([shown], {
    siteUrl: context.services.config.SITE_URL,
    name: `${event.title} · ${SITE_NAME}`,
    categories: await categoryInfos({ store }),
    // A single date's places to book (issue 73); a whole series' entries do not say theirs.
    registrations: await registrationsOf({ store }, [shown], new Date()),
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(event.slug)}${date ? `-${day}` : ''}.ics"`,
      // A working copy (an event not public yet, a pending revision) is only for its owner and the admins: never in a
      // shared cache.
      'Cache-Control': view.working ? 'private, no-store' : 'public, max-age=900',
    },
  });
}
