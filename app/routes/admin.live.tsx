// GET /admin/live: the admin's Server-Sent Events stream (pending count, new notifications). Admins only.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventStream } from 'remix-utils/sse/server';
import { getCurrentSession, requireAdmin } from '~/.server/platform/session';

const KEEP_ALIVE_MS = 25_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const session = await getCurrentSession(request);
  return eventStream(request.signal, (send, close) => {
    const unsubscribe = context.services.live.subscribe({
      uid: admin.uid,
      sessionId: session?.sessionId ?? null,
      // Sent back by the browser when it reconnects (Hosting cuts a request after 60 s): the missed notifications follow.
      lastEventId: request.headers.get('Last-Event-ID'),
      send,
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
