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

  /** In one transaction on the organization's invitations: its unused ones to `email` deleted; how many. */
  const withdraw = (organizerId: string, email: string, then?: (tx: FirebaseFirestore.Transaction) => void) =>
    ctx.lock(`invitations:${organizerId}`, () =>
      db.runTransaction(async (tx) => {
        const earlier = await tx.get(invitations().where('organizerId', '==', organizerId));
        const gone = earlier.docs.filter(
          (d) => d.get('usedAt') == null && String(d.get('email')).toLowerCase() === email.toLowerCase(),
        );
        for (const d of gone) tx.delete(d.ref);
        then?.(tx);
        return gone.length;
      }),
    );

  return {
    async issue({ id, ...fields }) {
      await withdraw(fields.organizerId, fields.email, (tx) =>
        tx.set(invitations().doc(id), { ...fields, usedAt: null }),
      );
    },
    revoke: withdraw,
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
