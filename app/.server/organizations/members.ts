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
