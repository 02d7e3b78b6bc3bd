// The in-app notifications list (docs/specification.md §3, §4): newest on top, removed after 10 s or when dismissed; the unread count
// goes up on add and down on removal, never below 0. Pure: the overlay runs it with React's useReducer.
import { NOTIFICATION_DEFAULT_TITLE } from '~/domain/push';

export interface InAppNotification {
  id: string;
  title: string;
  body: string;
  data: Record<string, string>;
  timestamp: string;
}

export interface NotificationsState {
  items: InAppNotification[];
  unread: number;
}

export type NotificationsAction =
  | { type: 'add'; notification: Partial<InAppNotification> & { id: string } }
  | { type: 'remove'; id: string };

export const initialNotifications: NotificationsState = { items: [], unread: 0 };

/** docs/specification.md §3: a notification without a title is a 'Nouvelle notification'. */
export function normalizeNotification(input: Partial<InAppNotification> & { id: string }): InAppNotification {
  return {
    id: input.id,
    title: input.title?.trim() || NOTIFICATION_DEFAULT_TITLE,
    body: input.body ?? '',
    data: input.data ?? {},
    timestamp: input.timestamp ?? new Date().toISOString(),
  };
}

export function notificationsReducer(state: NotificationsState, action: NotificationsAction): NotificationsState {
  if (action.type === 'add') {
    // The same notification twice (a stream that reconnects) is shown once.
    if (state.items.some((n) => n.id === action.notification.id)) return state;
    return { items: [normalizeNotification(action.notification), ...state.items], unread: state.unread + 1 };
  }
  // Removing one that is already gone (dismissed, then its 10 s elapse) changes nothing.
  if (!state.items.some((n) => n.id === action.id)) return state;
  return { items: state.items.filter((n) => n.id !== action.id), unread: Math.max(0, state.unread - 1) };
}
