// Invitations to join an organization in Firestore (decision 167): `organizerInvitations/{hash of the token}`.
import type { OrganizerInvitation } from '~/domain/organization';
import type { OrganizerInvitationStore } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS } from './db';

export function createOrganizerInvitationStore(ctx: FirestoreContext): OrganizerInvitationStore {
  const { db } = ctx;
  const invitations = () => db.collection(COLLECTIONS.organizerInvitations);
  const read = (id: string, d: FirebaseFirestore.DocumentData | undefined): OrganizerInvitation | null =>
    d ? ({ ...(d as Omit<OrganizerInvitation, 'id'>), id } as OrganizerInvitation) : null;
  const valid = (i: OrganizerInvitation | null, now: string) =>
    i && i.usedAt === null && i.expiresAt > now ? i : null;

  return {
    async issue({ id, ...fields }) {
      const key = fields.email.toLowerCase();
      await ctx.lock(`invitations:${fields.organizerId}`, () =>
        db.runTransaction(async (tx) => {
          const earlier = await tx.get(invitations().where('organizerId', '==', fields.organizerId));
          for (const d of earlier.docs)
            if (d.get('usedAt') == null && String(d.get('email')).toLowerCase() === key) tx.delete(d.ref);
          tx.set(invitations().doc(id), { ...fields, usedAt: null });
        }),
      );
    },
    async peek(id, now) {
      return valid(read(id, (await invitations().doc(id).get()).data()), now);
    },
    async consume(id, now) {
      // Read and written in one transaction (another instance's use conflicts on the document); the lock spares
      // this instance the retries.
      return ctx.lock(`invitation:${id}`, () =>
        db.runTransaction(async (tx) => {
          const ref = invitations().doc(id);
          const found = valid(read(id, (await tx.get(ref)).data()), now);
          if (!found) return null;
          tx.update(ref, { usedAt: now });
          return { ...found, usedAt: now };
        }),
      );
    },
    async listPending(organizerId, now) {
      const snapshot = await invitations().where('organizerId', '==', organizerId).get();
      return snapshot.docs
        .map((d) => valid(read(d.id, d.data()), now))
        .filter((i): i is OrganizerInvitation => i !== null)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },
  };
}
