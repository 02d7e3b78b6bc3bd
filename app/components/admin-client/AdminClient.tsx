// Everything an admin's browser runs besides the pages (loaded lazily, for admins only): the notifications overlay fed
// by the live stream, the alert sound, the app badge at the pending count, push setup and revalidation, the debug panel.
import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import type { PushClientConfig } from '~/domain/push';
import { NOTIFICATION_DISPLAY_MS, PUSH_REVALIDATE_MS, PUSH_SETUP_DELAY_MS } from '~/domain/push';
import { syncAppBadge } from '../sw/service-worker';
import { useLiveNotifications } from '../useLiveAdmin';
import { playAlertTone } from './alert-sound';
import { DebugPanel } from './DebugPanel';
import { NotificationsOverlay } from './NotificationsOverlay';
import { type InAppNotification, initialNotifications, notificationsReducer } from './notifications';
import { announceActivation, setupPush } from './push-client';

export default function AdminClient({
  pendingCount,
  push,
}: {
  pendingCount: number | null;
  push: PushClientConfig | null;
}) {
  const csrf = useAuthenticityToken();
  const location = useLocation();
  const [state, dispatch] = useReducer(notificationsReducer, initialNotifications);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const remove = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    dispatch({ type: 'remove', id });
  }, []);

  const add = useCallback(
    (notification: Partial<InAppNotification> & { id: string }) => {
      if (timers.current.has(notification.id)) return;
      dispatch({ type: 'add', notification });
      // docs/specification.md §4, §9: each notification stays 10 s.
      timers.current.set(
        notification.id,
        setTimeout(() => remove(notification.id), NOTIFICATION_DISPLAY_MS),
      );
      playAlertTone();
    },
    [remove],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  useLiveNotifications(true, add);

  // The app badge (installed app) and the service worker follow the live pending count.
  useEffect(() => {
    void syncAppBadge(pendingCount);
  }, [pendingCount]);

  // docs/specification.md §6, §9: push set up 1 s after start, revalidated then and every 6 hours.
  const context = useRef({ config: push, csrf });
  context.current = { config: push, csrf };
  useEffect(() => {
    const run = async () => {
      // Without permission this only logs why (docs/specification.md §8); the permission is asked from a button (a user gesture).
      if ((await setupPush(context.current)) === 'registered') announceActivation();
    };
    const first = setTimeout(run, PUSH_SETUP_DELAY_MS);
    const every = setInterval(run, PUSH_REVALIDATE_MS);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, []);

  const debug = new URLSearchParams(location.search).has('debug');

  return (
    <>
      <NotificationsOverlay state={state} onDismiss={remove} />
      <DebugPanel
        open={debug}
        config={push}
        pendingCount={pendingCount}
        onTestNotification={() =>
          add({
            id: `test-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
            title: 'Test Notification',
            body: 'Notification de test de l’overlay.',
            data: { type: 'test' },
            timestamp: new Date().toISOString(),
          })
        }
      />
    </>
  );
}
