// Sending e-mail (decision 060): a use case records the mail in the store's queue (MailPort); the `mails` job sends it
// later through the transport (SMTP or the outbox), retries with back-off and keeps what failed for the admins.

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the alert digests). */
  headers?: Record<string, string>;
}

/** An account mail written when it leaves: its link is fresh then, and whether it leaves at all is decided then. */
export type DeferredMail =
  /** The verification link of an account (its address, for the admins' view: the mail goes to the current one). */
  | { kind: 'verification'; uid: string; email: string }
  /** A reset link, if the address typed has an account (the request is recorded either way). */
  | { kind: 'password-reset'; email: string }
  /** « You already have an account », to an address someone tried to register again. */
  | { kind: 'account-exists'; email: string };

export type MailContent = { kind: 'message'; message: MailMessage } | DeferredMail;

/** What a use case hands over: recorded before it answers, sent by the job (never during a request). */
export interface MailPort {
  send(message: MailMessage, options?: { ref?: string; eventIds?: string[] }): Promise<void>;
  /**
   * Records the mail through the caller's own write, so that it and what it is about are stored together or not at
   * all (a contact message and the mail that brings it to the admins).
   */
  sendWithin(message: MailMessage, write: (mail: NewMail) => Promise<void>): Promise<void>;
  sendLater(mail: DeferredMail): Promise<void>;
}

/** A mail server, or the outbox folder: delivers one message, or throws. */
export interface MailTransport {
  deliver(message: MailMessage & { messageId: string }): Promise<void>;
}

export type QueuedMailStatus = 'pending' | 'sending' | 'failed';

export interface QueuedMail {
  id: string;
  content: MailContent;
  /** Shown to admins: the recipients and the subject (of a deferred mail, the address typed and its subject). */
  to: string;
  subject: string;
  /** The thing the mail is about, `alerte:<id>` for an alert's digest: one in the queue at a time. */
  ref: string | null;
  /** An alert digest's events: counted as sent to the alert once the mail is accepted. */
  eventIds: string[];
  status: QueuedMailStatus;
  /** Pending: its next attempt; sending: when its claim runs out; failed: null (only an admin sends it again). */
  dueAt: string | null;
  attempts: number;
  /** The last refusal or failure, in the transport's words. */
  lastError: string;
  createdAt: string;
  updatedAt: string;
}

export type NewMail = Pick<QueuedMail, 'id' | 'content' | 'to' | 'subject' | 'ref' | 'eventIds' | 'createdAt'>;

export interface MailQueueStore {
  /** Records a mail, due at once. A mail with a `ref` replaces the failed mails of that ref (a newer digest). */
  enqueue(mail: NewMail): Promise<void>;
  /**
   * Claims up to `limit` mails due at `now` (pending ones whose attempt is due, and sending ones whose claim ran out:
   * their sender died), oldest due first: each becomes `sending` until `claimUntil`, for this caller only.
   */
  claimDue(now: string, claimUntil: string, limit: number): Promise<QueuedMail[]>;
  /** The mail was accepted by the transport, or had nothing to send: it leaves the queue. */
  delivered(id: string): Promise<void>;
  /** An attempt failed and another is due at `dueAt`. */
  retryLater(id: string, input: { attempts: number; dueAt: string; lastError: string; now: string }): Promise<void>;
  /** Gives back a claim without counting an attempt (the transport was down before this mail's turn). */
  release(id: string, dueAt: string, now: string): Promise<void>;
  /** No more automatic attempts: an admin sees it and may send it again. */
  fail(id: string, input: { attempts: number; lastError: string; now: string }): Promise<void>;
  /** An admin's « Réessayer »: a failed mail is due again now. False when it is not (or no longer) failed. */
  retry(id: string, now: string): Promise<boolean>;
  /** Whether a mail of this ref is pending or being sent. */
  hasQueued(ref: string): Promise<boolean>;
  /** The mails of a status, oldest first. */
  list(status: QueuedMailStatus, limit: number): Promise<QueuedMail[]>;
  counts(): Promise<Record<QueuedMailStatus, number>>;
  /**
   * Every claim becomes due now (status pending): at the start of the only server of a store (SQLite, under the
   * DATA_DIR lock), the claims of a server that died. Answers how many.
   */
  releaseClaims(now: string): Promise<number>;
  /** Deletes the failed mails last touched before this instant; returns how many. */
  purgeFailed(before: string): Promise<number>;
}
