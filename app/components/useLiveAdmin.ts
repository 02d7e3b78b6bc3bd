// For admins: the pending count and in-app notifications pushed by /admin/live (Server-Sent Events).
// Without JavaScript (or before the stream answers) the count is the one the page was rendered with.
import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { withPendingPrefix } from '~/domain/site';

export const LIVE_URL = '/admin/live';

export interface LiveNotification {
  id: string;
  title: string;
  body: string;
  data: Record<string, string>;
  timestamp: string;
}

// One EventSource per page, shared by every hook that listens, closed when the last one stops. Each event reaches
// every listener (a hook keeping only "the latest message" would lose notifications that arrive together).
let shared: { source: EventSource; users: number } | null = null;

export function listenToLive(event: 'pending' | 'notification', handler: (data: string) => void): () => void {
  if (!shared) shared = { source: new EventSource(LIVE_URL), users: 0 };
  const current = shared;
  current.users++;
  const listener = (message: Event) => handler((message as MessageEvent<string>).data);
  current.source.addEventListener(event, listener);
  return () => {
    current.source.removeEventListener(event, listener);
    current.users--;
    if (current.users <= 0) {
      current.source.close();
      if (shared === current) shared = null;
    }
  };
}

export function useLivePendingCount(rendered: number | null): number | null {
  const enabled = rendered !== null;
  const [count, setCount] = useState(rendered);
  // A navigation brings a fresh count from the root loader; the stream brings the ones in between.
  useEffect(() => setCount(rendered), [rendered]);
  useEffect(() => {
    if (!enabled) return;
    return listenToLive('pending', (data) => {
      let parsed = Number.NaN;
      try {
        parsed = Number((JSON.parse(data) as { count?: unknown }).count);
      } catch {}
      if (Number.isInteger(parsed) && parsed >= 0) setCount(parsed);
    });
  }, [enabled]);
  return enabled ? count : null;
}

/** Calls `onNotification` for each notification the stream delivers, in order. */
export function useLiveNotifications(enabled: boolean, onNotification: (notification: LiveNotification) => void) {
  const callback = useRef(onNotification);
  callback.current = onNotification;
  useEffect(() => {
    if (!enabled) return;
    return listenToLive('notification', (data) => {
      try {
        callback.current(JSON.parse(data) as LiveNotification);
      } catch {
        // A malformed message is dropped; the next ones still arrive.
      }
    });
  }, [enabled]);
}

const PREFIX = /^\(\d+\) /;

/** Keeps the `(N) ` prefix of the browser title (docs/specification.md §2) in step with the live count. */
export function usePendingTitle(count: number | null) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: <Meta> writes a fresh title at each navigation (location.key): prefix it again.
  useEffect(() => {
    if (count === null) return;
    const title = withPendingPrefix(document.title.replace(PREFIX, ''), count);
    if (document.title !== title) document.title = title;
  }, [count, location.key]);
}
