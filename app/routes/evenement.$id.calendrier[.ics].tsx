// /evenement/{id}/calendrier.ics: one event to add to a calendar (its owner and admins may also get it while pending).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildICalendar } from '~/.server/calendar';
import { categoryInfos } from '~/.server/categories';
import { getConfig } from '~/.server/config';
import { getEventForViewer } from '~/.server/events';
import { getCurrentUser } from '~/.server/session';
import { getStore } from '~/.server/store';
import { SITE_NAME } from '~/domain/site';

const fileName = (slug: string) => slug.replace(/[^a-z0-9-]+/gi, '-').replace(/^-+|-+$/g, '') || 'evenement';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const store = getStore();
  const view = params.id ? await getEventForViewer(store, params.id, await getCurrentUser(request)) : null;
  if (!view) {
    return new Response('Événement introuvable : il n’existe pas ou n’est pas (encore) publié.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const { event } = view;
  const body = buildICalendar([event], {
    siteUrl: getConfig().SITE_URL,
    name: `${event.title} · ${SITE_NAME}`,
    categories: await categoryInfos(store),
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName(event.slug)}.ics"`,
      // A working copy (an event not public yet, a pending revision) is only for its owner and the admins: never in a
      // shared cache.
      'Cache-Control': view.working ? 'private, no-store' : 'public, max-age=900',
    },
  });
}
