// The federation's storage (ActivityPub, decision 087): Fedify's key–value store and message queue, the actors' keys,
// their followers, the blocked domains, the remote sources and the delivery failures, all in the site's own store.

/** What a federation record is: one kind per thing kept, each keyed by a string of its own. */
export type FederationRecordKind =
  /** Fedify's key–value store (caches, idempotence), its keys joined by U+001F. */
  | 'kv'
  /** An actor's key pairs (JWK), generated once. */
  | 'keys'
  /** A follower of one of our actors: `<actor>\u001f<follower id>`. */
  | 'follower'
  /** A blocked domain (lower case): nothing goes there, nothing is taken from it. */
  | 'block'
  /** A remote actor an admin follows as a source of events. */
  | 'source'
  /** A delivery that failed, for the admins (kept 30 days). */
  | 'failure'
  /** What was last sent about one of our events (its fingerprint): decides Create, Update or Delete. */
  | 'published'
  /** A remote event received from a source: its object id → our event. */
  | 'remote'
  /** An actor gone into another (a merged venue or organizer): its identifier → the actor kept, its former name. */
  | 'moved'
  /** The same, seen from the actor kept (its `alsoKnownAs`): `<actor kept>\u001f<actor gone>`. */
  | 'alias'
  /** Not the federation's: the site's Web Push (VAPID) key pair on Firestore, shared by every instance (push/vapid.ts). */
  | 'vapid'
  /** A remote server's software (NodeInfo), by its origin, and when it was read. */
  | 'software'
  /** Where one of our events taken from a source came from (its id → the source): it never goes back there. */
  | 'imported'
  /** Which of our actors brought one of our objects to a Gancio server: `<origin>\u001f<event id>`. */
  | 'gancio-copy';

export interface FederationRecord<T = unknown> {
  kind: FederationRecordKind;
  key: string;
  value: T;
  /** Past this instant the record is gone (Fedify's caches); null: kept. */
  expiresAt: string | null;
  updatedAt: string;
}

/** One message of Fedify's queue (an activity to deliver or to process), due at `dueAt`. */
export interface FederationMessage {
  id: string;
  payload: unknown;
  dueAt: string;
  createdAt: string;
}

export interface FederationQueueStats {
  /** Messages whose time has come (or whose claim ran out), and those due later (retries, delays). */
  due: number;
  later: number;
}

export interface FederationStore {
  /** The record, unless absent or expired at `now`. */
  get<T = unknown>(kind: FederationRecordKind, key: string, now: string): Promise<FederationRecord<T> | null>;
  put(record: FederationRecord): Promise<void>;
  /** Writes the record unless one lives there already; answers the one kept (two processes generating keys). */
  putIfAbsent<T>(record: FederationRecord<T>, now: string): Promise<FederationRecord<T>>;
  /** Replaces the value only if the current one equals `expected` (JSON), undefined meaning absent. */
  compareAndSet(record: FederationRecord, expected: unknown, now: string): Promise<boolean>;
  remove(kind: FederationRecordKind, key: string): Promise<boolean>;
  /** The living records of a kind whose key starts with `prefix`, by key, at most `limit`. */
  list<T = unknown>(
    kind: FederationRecordKind,
    options: { prefix?: string; now: string; limit: number },
  ): Promise<FederationRecord<T>[]>;
  count(kind: FederationRecordKind, options: { prefix?: string; now: string }): Promise<number>;
  /** Deletes the expired records; answers how many. */
  purgeExpired(now: string): Promise<number>;
  enqueue(messages: readonly FederationMessage[]): Promise<void>;
  /**
   * Claims up to `limit` due messages, oldest due first, each hidden until `claimUntil` (a process that dies with a
   * claim leaves it due again then); never the same message to two callers.
   */
  claimDue(now: string, claimUntil: string, limit: number): Promise<FederationMessage[]>;
  /** Handled (delivered, or retried as a new message by Fedify): it leaves the queue. */
  done(id: string): Promise<void>;
  queueStats(now: string): Promise<FederationQueueStats>;
  /**
   * Makes due at `now` the messages not yet due (at most `limit`, soonest first) whose payload `select` picks: a
   * host's retries, when an admin asks to try it again at once. Answers how many.
   */
  hurry(now: string, select: (payload: unknown) => boolean, limit: number): Promise<number>;
}
