// An organization is several people (issue 73, decision 167): the accounts a new organizer record is created for
// become its responsables, as migration 31 made those of the records before it.
import type { Organizer } from '~/domain/place';
import type { Store } from '../ports';

/** Each account a new record speaks for becomes one of its responsables. */
export async function accountsAsResponsables(
  { store }: { store: Pick<Store, 'organizerMembers'> },
  organizers: readonly Pick<Organizer, 'id' | 'accountUids'>[],
  now: string,
): Promise<void> {
  for (const o of organizers)
    for (const uid of o.accountUids)
      await store.organizerMembers.set({ organizerId: o.id, uid, role: 'responsable', now });
}

/**
 * A member removed or gone hands the events they wrote « au nom de » the organization to it: their author becomes its
 * first responsable, so that nothing of the organization's (its registrants' list included) stays theirs once they are
 * out (the walk of issue 73: a removed secretary still read and wrote to the registrants). The events stay the
 * organization's, whoever wrote them; an organization left without members keeps them as they were. How many.
 */
export async function handOverAuthoredEvents(
  { store }: { store: Pick<Store, 'events' | 'organizerMembers'> },
  input: { organizerId: string; uid: string; now: string },
): Promise<number> {
  const heir = (await store.organizerMembers.listByOrganizer(input.organizerId)).find((m) => m.role === 'responsable');
  if (!heir) return 0;
  let handed = 0;
  for (const event of await store.events.listByOwner(input.uid)) {
    if (event.organizerId !== input.organizerId) continue;
    // Changed meanwhile (an edit in flight): read again once, then handed over.
    for (let attempt = 0; attempt < 2; attempt++) {
      const current = attempt === 0 ? event : await store.events.findById(event.id);
      if (!current || current.createdBy !== input.uid) break;
      const next = { ...current, createdBy: heir.uid, updatedAt: input.now };
      if (await store.events.transition({ seen: current.updatedAt, next })) {
        handed++;
        break;
      }
    }
  }
  return handed;
}
