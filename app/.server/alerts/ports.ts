// The store port of email alerts (decision 048). One record per (address, filter); deleted, not flagged, on
// unsubscribe; a pending one expires after PENDING_ALERT_DAYS.
import type { Alert, AlertRhythm } from '~/domain/alert';

export interface AlertStore {
  /**
   * Asks for an alert, atomically: a new one is stored pending with this token hash; a pending one with the same id
   * keeps its token, takes the new rhythm and waits again (from `now`); an active one is left as it is.
   */
  request(input: {
    id: string;
    email: string;
    filter: string;
    rhythm: AlertRhythm;
    tokenHash: string;
    now: string;
  }): Promise<{ alert: Alert; outcome: 'created' | 'renewed' | 'active' }>;
  findByTokenHash(tokenHash: string): Promise<Alert | null>;
  /** Activates the pending alert of this token (an active one stays so); null when unknown or pending since `expiredBefore`. */
  confirm(tokenHash: string, now: string, expiredBefore: string): Promise<Alert | null>;
  setRhythm(id: string, rhythm: AlertRhythm, now: string): Promise<Alert | null>;
  /** Deletes the alert; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** The alerts of an address (lower-cased), pending and active, oldest first. */
  listByEmail(email: string): Promise<Alert[]>;
  /** Every active alert (the digest job). */
  listActive(): Promise<Alert[]>;
  /**
   * Records one digest run, only if the alert's lastDigestAt is still `seen` (compare and set: two runs at once send
   * once): lastDigestAt becomes `at`. The events it lists count as sent only once its mail is accepted
   * (rememberSent). False when it changed or is gone.
   */
  recordDigest(input: { id: string; seen: string | null; at: string }): Promise<boolean>;
  /** A digest listing these events was accepted by the mail server: they count as sent (rememberSent). */
  rememberSent(id: string, eventIds: string[]): Promise<void>;
  /** Deletes the pending alerts last asked for before this instant; returns how many. */
  deleteExpired(before: string): Promise<number>;
}
