// The `inscriptions` job (decision 168), every hour: the reminder of the day before to those confirmed on a date that
// starts within the next 24 hours (once per date, whichever instance runs it), and, 30 days after a date, its
// registrants' data deleted with its registration.
import type { Store } from '../ports';
import { type MailSettings, reminderMail } from './mails';

const DAY = 24 * 60 * 60 * 1000;
/** How long after its date a registration's data is kept. */
export const KEPT_DAYS = 30;

export async function registrationChores(
  deps: { store: Store; config: MailSettings; jobs?: { wake(name: string): unknown } },
  now: Date,
): Promise<string> {
  const { store, config } = deps;
  const due = await store.registrations.claimReminders(
    now.toISOString(),
    new Date(now.getTime() + DAY).toISOString(),
    now.toISOString(),
  );
  let reminded = 0;
  for (const opening of due) {
    const event = await store.events.findById(opening.eventId);
    if (event?.status !== 'approved') continue;
    const list = await store.registrations.list(opening.eventId, opening.startsAt, ['confirmed']);
    for (const r of list) await store.mails.enqueue(reminderMail(config, event.title, r));
    reminded += list.length;
  }
  if (reminded > 0) deps.jobs?.wake('mails');
  const deleted = await store.registrations.deleteBefore(new Date(now.getTime() - KEPT_DAYS * DAY).toISOString());
  return `${reminded} rappel${reminded > 1 ? 's' : ''}, ${deleted} inscription${deleted > 1 ? 's' : ''} effacée${deleted > 1 ? 's' : ''}`;
}
