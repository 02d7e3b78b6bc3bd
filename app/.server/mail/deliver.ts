// The `mails` job (decision 060): sends the queued mails through the transport, in bounded batches. A mail the server
// did not accept is tried again later (1 min, 2, 4… up to an hour between tries) for a day, then kept as failed for
// the admins (dashboard, « Réessayer »). A refusal that will not change (recipient unknown) fails at once. When the
// server is unreachable, the batch stops there: the other mails keep their turn, nothing is hammered.
import { renderAccountMail } from '../accounts/deferred-mails';
import type { IdentityProvider } from '../identity/ports';
import { yieldToEventLoop } from '../platform/background';
import type { Config } from '../platform/config';
import type { MailMessage, MailTransport, QueuedMail, Store } from '../ports';

/** Mails claimed at once. */
export const MAIL_BATCH = 20;
/** How long a claim lasts: longer than any delivery may take (mailer.ts), so a live sender never loses its mail. */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** How long a mail is tried again before it is left to the admins: at least a day. */
export const MAIL_RETRY_FOR_MS = 24 * 60 * 60_000;
/** The longest one run goes on sending before it hands over to the next. */
export const MAIL_RUN_BUDGET_MS = 60_000;
const HOUR = 60 * 60_000;

/** The wait after the n-th failed attempt: one minute, doubled each time, an hour at most. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), HOUR);
}

/**
 * What the job sends with: the store (the queue, and what deferred account mails are written from), the transport,
 * the identity provider of the accounts' links (local unless given), and the site's address and sender (the domain
 * of the Message-ID: a retried mail keeps its id, and a mailbox that got it twice shows it once).
 */
export interface DeliveryDeps {
  store: Store;
  mailTransport: MailTransport;
  identity?: IdentityProvider;
  config: Pick<Config, 'SITE_URL' | 'MAIL_FROM'>;
}

type Outcome = 'sent' | 'dropped' | 'retry' | 'failed' | 'unreachable';

/** Errors of the connection rather than of this mail: the server is down, silent, or refuses us. */
function serverUnreachable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return responseCode === 421;
  return code !== 'EENVELOPE' && code !== 'EMESSAGE';
}

/** A refusal of this very mail that trying again cannot change (5xx on the recipient or the message). */
function refusedForGood(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/** The domain of the sender's address, for the Message-ID. */
const messageIdDomain = (config: Pick<Config, 'MAIL_FROM'>) => config.MAIL_FROM.split('@')[1] ?? 'agenda-romand.ch';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** The transport's state in this process: after the server was unreachable, the next try waits a little. */
const pause = { until: 0, failures: 0 };

async function deliverOne(deps: DeliveryDeps, mail: QueuedMail, now: Date): Promise<Outcome> {
  const nowIso = now.toISOString();
  let message: MailMessage | null;
  const { store, identity, config } = deps;
  let delivering = false;
  try {
    message =
      mail.content.kind === 'message'
        ? mail.content.message
        : await renderAccountMail({ store, identity, siteUrl: config.SITE_URL }, mail.content, now);
    delivering = true;
    if (message) await deps.mailTransport.deliver({ ...message, messageId: `<${mail.id}@${messageIdDomain(config)}>` });
  } catch (error) {
    const attempts = mail.attempts + 1;
    const lastError = errorText(error);
    const expired = now.getTime() - Date.parse(mail.createdAt) >= MAIL_RETRY_FOR_MS;
    if (refusedForGood(error) || expired) {
      await deps.store.mails.fail(mail.id, { attempts, lastError, now: nowIso });
      console.error(`[mails] « ${mail.subject} » en échec après ${attempts} essai(s) (${mail.id}) : ${lastError}`);
      return 'failed';
    }
    const dueAt = new Date(now.getTime() + retryDelayMs(attempts)).toISOString();
    await deps.store.mails.retryLater(mail.id, { attempts, dueAt, lastError, now: nowIso });
    // Said each time (the tries are an hour apart at most): a mail server down or refusing us was seen nowhere. In UTC,
    // as the access log beside it dates its lines (issue 68: Zurich's time here, UTC there).
    console.warn(
      `[mails] « ${mail.subject} » pas encore envoyé (essai ${attempts}, prochain à ${dueAt.slice(11, 16)} UTC, ${mail.id}) : ${lastError}`,
    );
    return delivering && serverUnreachable(error) ? 'unreachable' : 'retry';
  }
  // Accepted (or nothing left to send): an alert's events count as sent now, and only now.
  const alertId = mail.ref?.startsWith('alerte:') ? mail.ref.slice('alerte:'.length) : null;
  if (message && alertId && mail.eventIds.length > 0) await deps.store.alerts.rememberSent(alertId, mail.eventIds);
  await deps.store.mails.delivered(mail.id);
  return message ? 'sent' : 'dropped';
}

/** One run of the job: the mails due at `now`, batch after batch, until none is left, the server stops answering,
 * or the run's budget is spent. Answers the operator's line. */
export async function deliverQueuedMails(deps: DeliveryDeps, now = new Date()): Promise<string> {
  const counts: Record<Outcome, number> = { sent: 0, dropped: 0, retry: 0, failed: 0, unreachable: 0 };
  const started = Date.now();
  const nowIso = now.toISOString();
  let unreachable = now.getTime() < pause.until;
  while (!unreachable && Date.now() - started < MAIL_RUN_BUDGET_MS) {
    const batch = await deps.store.mails.claimDue(
      nowIso,
      new Date(now.getTime() + MAIL_CLAIM_MS).toISOString(),
      MAIL_BATCH,
    );
    if (batch.length === 0) break;
    // The outbox transport never waits for I/O: between batches, the process answers what came meanwhile.
    await yieldToEventLoop();
    for (const [i, mail] of batch.entries()) {
      const outcome = await deliverOne(deps, mail, now);
      counts[outcome]++;
      if (outcome === 'sent') pause.failures = 0;
      if (outcome !== 'unreachable') continue;
      // The others keep their turn: given back as due now, without an attempt counted.
      for (const rest of batch.slice(i + 1)) await deps.store.mails.release(rest.id, nowIso, nowIso);
      pause.failures++;
      pause.until = now.getTime() + Math.min(15_000 * 2 ** (pause.failures - 1), 5 * 60_000);
      unreachable = true;
      break;
    }
  }
  const waiting = counts.retry + counts.unreachable;
  const parts = [
    `${counts.sent} mail${counts.sent > 1 ? 's' : ''} envoyé${counts.sent > 1 ? 's' : ''}`,
    `${waiting} à réessayer`,
    `${counts.failed} en échec`,
  ];
  if (unreachable) parts.push('serveur de mail injoignable');
  return parts.join(', ');
}

/** For tests: the transport is considered reachable again. */
export function resetTransportPause(): void {
  pause.until = 0;
  pause.failures = 0;
}
