// For admins: the pending count and in-app notifications pushed by /admin/live (Server-Sent Events).
// Without JavaScript (or before the stream answers) the count is the one the page was rendered with.
import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useEventSource } from 'remix-utils/sse/react';
import { withPendingPrefix } from '~/domain/site';

export const LIVE_URL = '/admin/live';

export interface LiveNotification {
  id: string;
  title: string;
  body: string;
  data: Record<string, string>;
  timestamp: string;
}

export function useLivePendingCount(rendered: number | null): number | null {
  const enabled = rendered !== null;
  const message = useEventSource(LIVE_URL, { event: 'pending', enabled });
  const [count, setCount] = useState(rendered);
  // A navigation brings a fresh count from the root loader; the stream brings the ones in between.
  useEffect(() => setCount(rendered), [rendered]);
  useEffect(() => {
    if (!message) return;
    const parsed = Number((JSON.parse(message) as { count?: unknown }).count);
    if (Number.isInteger(parsed) && parsed >= 0) setCount(parsed);
  }, [message]);
  return enabled ? count : null;
}

/** The newest notification the stream delivered (the overlay that lists them comes with the client layer). */
export function useLiveNotification(enabled: boolean): LiveNotification | null {
  const message = useEventSource(LIVE_URL, { event: 'notification', enabled });
  return message ? (JSON.parse(message) as LiveNotification) : null;
}

const PREFIX = /^\(\d+\) /;

/** Keeps the `(N) ` prefix of the browser title (SPEC §2) in step with the live count. */
export function usePendingTitle(count: number | null) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: <Meta> writes a fresh title at each navigation (location.key): prefix it again.
  useEffect(() => {
    if (count === null) return;
    const title = withPendingPrefix(document.title.replace(PREFIX, ''), count);
    if (document.title !== title) document.title = title;
  }, [count, location.key]);
}
