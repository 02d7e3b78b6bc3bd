// GET /admin/live: the admin's Server-Sent Events stream (pending count, new notifications). Admins only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventStream } from 'remix-utils/sse/server';
import { getCurrentSession, requireAdmin } from '~/.server/platform/session';

const KEEP_ALIVE_MS = 25_000;
/**
 * How soon the browser opens the stream again once it is cut (Hosting ends every request after 60 s; browsers wait
 * 3 s by default): the count it sends on opening is then on the badge within 2 s (docs/specification.md §4 counts pending events live).
 */
const RECONNECT_MS = 500;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const session = await getCurrentSession(request, context.services);
  return eventStream(request.signal, (send, close) => {
    let first = true;
    const unsubscribe = context.services.live.subscribe({
      uid: admin.uid,
      sessionId: session?.sessionId ?? null,
      // Sent back by the browser when it reconnects (Hosting cuts a request after 60 s): the missed notifications follow.
      lastEventId: request.headers.get('Last-Event-ID'),
      // remix-utils writes `event:` then `data:`; the cursor (an ISO date, ours) goes on a line of its own between them,
      // and on the first message the reconnection delay.
      send: ({ event, data, id }) => {
        const lines = [event, ...(id ? [`id: ${id}`] : []), ...(first ? [`retry: ${RECONNECT_MS}`] : [])];
        first = false;
        send({ event: lines.join('\n'), data });
      },
      close,
    });
    // A comment-like ping keeps proxies from closing an idle stream.
    const keepAlive = setInterval(() => send({ event: 'ping', data: '' }), KEEP_ALIVE_MS);
    return () => {
      clearInterval(keepAlive);
      unsubscribe();
    };
  });
}
