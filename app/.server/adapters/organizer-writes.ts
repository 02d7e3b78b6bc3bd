// The organizer's own writes as both stores make them (account links, profile revision): each reads, changes and
// writes one organizer in one transaction, given the store's way of doing that (`rewrite`, null: nothing written).
import type { Organizer } from '~/domain/place';
import { revised, withAccount, withRevisionPublished } from '~/domain/place-records';
import type { OrganizerStore } from '../ports';

type Rewrite = (id: string, change: (current: Organizer) => Organizer | null) => Promise<Organizer | null>;

export const organizerWrites = (
  rewrite: Rewrite,
): Pick<OrganizerStore, 'setAccount' | 'setRevision' | 'publishRevision'> => ({
  setAccount: ({ id, uid, linked, now }) => rewrite(id, (current) => withAccount(current, uid, linked, now)),
  setRevision: ({ id, revision, now }) => rewrite(id, (current) => revised(current, revision, now)),
  publishRevision: ({ id, seen, now }) => rewrite(id, (current) => withRevisionPublished(current, seen, now)),
});
