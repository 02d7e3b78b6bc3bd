// docs/specification.md §2 notifications overlay: the admin's in-app notifications, newest on top, each removed after 10 s or when
// dismissed, with 'Voir' to the event in the moderation queue; the unread badge; the push activation toast.
import { useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { notificationTarget } from '~/domain/push';
import type { InAppNotification, NotificationsState } from './notifications';
import { TOAST_EVENT } from './push-client';

const TOAST_MS = 5_000;

export function NotificationsOverlay({
  state,
  onDismiss,
}: {
  state: NotificationsState;
  onDismiss: (id: string) => void;
}) {
  const navigate = useNavigate();
  const [toast, setToast] = useState<{ title: string; body: string } | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onToast = (event: Event) => {
      setToast((event as CustomEvent<{ title: string; body: string }>).detail);
      clearTimeout(timer);
      timer = setTimeout(() => setToast(null), TOAST_MS);
    };
    window.addEventListener(TOAST_EVENT, onToast);
    return () => {
      window.removeEventListener(TOAST_EVENT, onToast);
      clearTimeout(timer);
    };
  }, []);

  const open = (n: InAppNotification) => {
    const target = notificationTarget(n.data) ?? (n.data.url?.startsWith('/') ? n.data.url : '/admin/events');
    onDismiss(n.id);
    navigate(target);
  };

  return (
    <aside className="notifications" aria-label="Notifications" data-testid="notifications">
      {toast ? (
        <div className="toast" role="status" data-testid="toast">
          {toast.title}
          <span className="visually-hidden"> : {toast.body}</span>
        </div>
      ) : null}
      {/* Said with the notifications it counts, never alone over the page. */}
      <p className="notifications__head" hidden={state.unread === 0 || state.items.length === 0}>
        Notifications{' '}
        <span className="badge" data-testid="notifications-unread">
          {state.unread}
        </span>
      </p>
      <ol className="notifications__list" aria-live="polite">
        {state.items.map((n) => (
          <li key={n.id} className="notification" data-testid="notification">
            <h2 className="notification__title">{n.title}</h2>
            {n.body ? <p className="notification__body">{n.body}</p> : null}
            <div className="notification__actions">
              <button type="button" className="button button--primary" onClick={() => open(n)}>
                Voir
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Fermer la notification « ${n.title} »`}
                onClick={() => onDismiss(n.id)}
              >
                Fermer
              </button>
            </div>
          </li>
        ))}
      </ol>
    </aside>
  );
}
