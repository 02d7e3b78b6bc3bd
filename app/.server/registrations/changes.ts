// A changed or cancelled event or date tells those registered (decision 168): after the change is stored, each date to
// come that has registrations and is hit (the event cancelled or deleted, the date cancelled, moved, or its place
// changed) gets one mail per registrant through the queue; a cancelled date closes its registration.
import { occurrencesOf } from '~/.server/schedule/schedule-expand';
import type { AgendaEvent } from '~/domain/event';
import { isPublicStatus } from '~/domain/event-lifecycle';
import type { Store } from '../ports';
import { changedMail, type MailSettings } from './mails';

export interface ChangeTellDeps {
  store: Store;
  /** Without it (a script, a test of the lifecycle alone), nobody is told. */
  config?: MailSettings;
  jobs?: { wake(name: string): unknown };
}

const placeOf = (e: AgendaEvent) => [e.venueName, e.street, e.postalCode, e.city].filter(Boolean).join(', ');

/**
 * What happened to this date of `before`, in a sentence, and whether its registration closes (the date no longer
 * takes place as booked), or null when nothing a registrant must know.
 */
export function changeFor(
  before: AgendaEvent,
  after: AgendaEvent | null,
  startsAt: string,
): { text: string; closes: boolean } | null {
  if (!after || (after.status === 'cancelled' && before.status !== 'cancelled'))
    return { text: 'L’événement est annulé.', closes: true };
  if (!isPublicStatus(after.status)) return null;
  if ((after.cancelledDates ?? []).includes(startsAt) && !(before.cancelledDates ?? []).includes(startsAt))
    return { text: 'Cette date est annulée.', closes: true };
  if (!occurrencesOf(after).some((o) => o.startsAt === startsAt))
    return {
      text: 'L’horaire a changé\u00a0: cette date n’a plus lieu à l’heure prévue. Voyez la page de l’événement.',
      closes: true,
    };
  if (placeOf(after) !== placeOf(before)) return { text: `Le lieu a changé\u00a0: ${placeOf(after)}.`, closes: false };
  return null;
}

/** Mails those registered to the dates this change hits; how many mails. */
export async function tellRegistrantsOfChange(
  deps: ChangeTellDeps,
  before: AgendaEvent,
  after: AgendaEvent | null,
  now: Date,
): Promise<number> {
  const { store, config } = deps;
  if (!config) return 0;
  const openings = (await store.registrations.openings(before.id)).filter(
    (o) => Date.parse(o.startsAt) > now.getTime(),
  );
  let told = 0;
  for (const opening of openings) {
    const change = changeFor(before, after, opening.startsAt);
    if (!change) continue;
    if (change.closes) await store.registrations.setClosed(opening, true, now.toISOString());
    const list = await store.registrations.list(before.id, opening.startsAt, ['confirmed', 'waiting']);
    for (const r of list) await store.mails.enqueue(changedMail(config, (after ?? before).title, r, change.text));
    told += list.length;
  }
  if (told > 0) deps.jobs?.wake('mails');
  return told;
}
