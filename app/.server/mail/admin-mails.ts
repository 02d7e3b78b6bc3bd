// The admins' view of the mail queue (decision 060), on the dashboard: how many mails wait, those that failed (tried
// for a day, or refused for good) with the reason, and « Réessayer », which makes one (or all) due again.
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';

/** The failed mails shown, oldest first. */
export const FAILED_MAILS_SHOWN = 20;

export interface FailedMail {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string;
  createdAt: string;
  updatedAt: string;
}

export interface MailQueueSummary {
  /** Waiting for their next try, or being sent. */
  waiting: number;
  /** The oldest waiting mail when it has been tried already: why it has not left (the server down, refusing us). */
  stuck: Pick<FailedMail, 'subject' | 'attempts' | 'lastError' | 'createdAt'> | null;
  failed: number;
  failedMails: FailedMail[];
}

export async function mailQueueSummary({ store }: { store: Store }): Promise<MailQueueSummary> {
  const [counts, failed, [oldest]] = await Promise.all([
    store.mails.counts(),
    store.mails.list('failed', FAILED_MAILS_SHOWN),
    store.mails.list('pending', 1),
  ]);
  return {
    waiting: counts.pending + counts.sending,
    stuck:
      oldest && oldest.attempts > 0
        ? {
            subject: oldest.subject,
            attempts: oldest.attempts,
            lastError: oldest.lastError,
            createdAt: oldest.createdAt,
          }
        : null,
    failed: counts.failed,
    failedMails: failed.map(({ id, to, subject, attempts, lastError, createdAt, updatedAt }) => ({
      id,
      to,
      subject,
      attempts,
      lastError,
      createdAt,
      updatedAt,
    })),
  };
}

/**
 * « Réessayer » one failed mail, or all of them: due again now, and the `mails` job woken. Answers how many went
 * back in the queue (0 when it had been sent meanwhile, or was no longer failed).
 */
export async function retryFailedMails(
  services: { store: Store; jobs: { wake(name: string): void } },
  admin: UserProfile,
  which: { id: string } | 'all',
  now = new Date(),
): Promise<number> {
  if (admin.role !== 'admin') throw new UseCaseError('Réservé aux admins.', 'form', 403);
  const { store } = services;
  const ids = which === 'all' ? (await store.mails.list('failed', 1000)).map((m) => m.id) : [which.id];
  let retried = 0;
  for (const id of ids) if (await store.mails.retry(id, now.toISOString())) retried++;
  if (retried > 0) services.jobs.wake('mails');
  return retried;
}
