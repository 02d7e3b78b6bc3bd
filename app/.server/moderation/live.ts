// Live updates for admins (docs/specification.md §2, §4): the pending count and new in-app notifications, pushed over
// Server-Sent Events. One poller per process watches the store's revision (it changes on any write, by this
// process or another one) and only then recounts, so an idle site costs two tiny queries every half second.
import type { AppNotification, Store } from '../ports';

export interface LiveMessage {
  event: 'pending' | 'notification';
  data: string;
  /** The stream's cursor: the browser sends it back (Last-Event-ID) when it reconnects after a cut. */
  id?: string;
}

interface Subscriber {
  uid: string;
  sessionId: string | null;
  send: (message: LiveMessage) => void;
  close: () => void;
  since: string;
  /** Resumed after a cut: only notifications after this cursor (the last one the browser got) are new. */
  after: string | null;
  sent: Set<string>;
}

/** How far back a reconnecting stream may ask for the notifications it missed. */
const RESUME_WINDOW_MS = 10 * 60 * 1000;

export interface LiveHub {
  /**
   * Starts a stream for an admin: the current count at once, then every change. A stream that reconnects after a cut
   * (a proxy ends requests after 60 s) gives its `lastEventId` and first gets the notifications it missed. Returns
   * the unsubscribe.
   */
  subscribe(input: Omit<Subscriber, 'since' | 'after' | 'sent'> & { lastEventId?: string | null }): () => void;
  /** Checks now rather than at the next tick (after a write of this process). */
  poke(): void;
  /** One check (exposed for tests). */
  check(): Promise<void>;
  size(): number;
}

export function createLiveHub(store: Store, options: { intervalMs?: number; now?: () => Date } = {}): LiveHub {
  const intervalMs = options.intervalMs ?? 500;
  const now = options.now ?? (() => new Date());
  const subscribers = new Set<Subscriber>();
  let pending: number | null = null;
  let revision: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const deliver = (s: Subscriber, message: LiveMessage) => {
    try {
      s.send(message);
    } catch {
      subscribers.delete(s);
    }
  };
  // Every message carries the cursor: the last notification delivered, or the stream's start.
  const cursor = (s: Subscriber) => s.after ?? s.since;
  const pendingMessage = (count: number, s: Subscriber): LiveMessage => ({
    event: 'pending',
    data: JSON.stringify({ count }),
    id: cursor(s),
  });
  const notificationMessage = (n: AppNotification, s: Subscriber): LiveMessage => ({
    event: 'notification',
    data: JSON.stringify(n),
    id: cursor(s),
  });

  async function runCheck() {
    const current = store.revision();
    if (current === revision && pending !== null) return;
    revision = current;
    const count = await store.events.countAwaitingModeration();
    const changed = count !== pending;
    pending = count;
    for (const s of [...subscribers]) {
      // A stream outlives neither its session nor its admin role.
      const allowed = await stillAdmin(s);
      if (!allowed) {
        subscribers.delete(s);
        s.close();
        continue;
      }
      if (changed) deliver(s, pendingMessage(count, s));
      await deliverNotifications(s);
    }
  }

  async function deliverNotifications(s: Subscriber) {
    const fresh = (await store.notifications.listFor(s.uid, 20))
      .filter((n) => n.timestamp >= s.since && (!s.after || n.timestamp > s.after) && !s.sent.has(n.id))
      .reverse();
    for (const n of fresh) {
      s.sent.add(n.id);
      if (n.timestamp > (s.after ?? '')) s.after = n.timestamp;
      deliver(s, notificationMessage(n, s));
    }
  }

  async function stillAdmin(s: Subscriber): Promise<boolean> {
    if (s.sessionId && !(await store.sessions.find(s.sessionId))) return false;
    const user = await store.users.findById(s.uid);
    return Boolean(user && user.role === 'admin' && !user.disabled);
  }

  function check(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runCheck()
      .catch((error) => console.error('live: check failed', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void check();
        }
      });
    return running;
  }

  function start() {
    if (timer) return;
    timer = setInterval(() => void check(), intervalMs);
    timer.unref();
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    subscribe({ lastEventId, ...input }) {
      const at = now();
      const resumed =
        lastEventId &&
        /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(lastEventId) &&
        Date.parse(lastEventId) <= at.getTime() &&
        at.getTime() - Date.parse(lastEventId) <= RESUME_WINDOW_MS
          ? lastEventId
          : null;
      const subscriber: Subscriber = {
        ...input,
        since: resumed ?? at.toISOString(),
        after: resumed,
        sent: new Set(),
      };
      subscribers.add(subscriber);
      start();
      void (async () => {
        if (pending === null) {
          // The first stream sets the baseline the poller compares with.
          const baseline = store.revision();
          pending = await store.events.countAwaitingModeration();
          revision = baseline;
        }
        if (!subscribers.has(subscriber)) return;
        deliver(subscriber, pendingMessage(pending, subscriber));
        // Back after a cut: what arrived meanwhile.
        if (resumed) await deliverNotifications(subscriber);
      })().catch((error) => console.error('live: first count failed', error));
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) {
          stop();
          pending = null;
          revision = null;
        }
      };
    },
    poke() {
      if (subscribers.size > 0) void check();
    },
    check,
    size: () => subscribers.size,
  };
}
