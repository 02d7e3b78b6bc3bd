// Donations of the Firestore store: `donations/{provider}:{providerRef}`, so a payment can only be recorded once;
// the donation and the donor's `supported` flag are written in one transaction (decision 010).
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { Donation, DonationStore, DonationWithDonor } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, docKey, isAlreadyExists } from './db';

export const donationConverter: FirestoreDataConverter<Donation> = {
  toFirestore: (d) => ({
    id: d.id,
    uid: d.uid ?? null,
    amount: d.amount,
    currency: d.currency,
    provider: d.provider,
    providerRef: d.providerRef,
    status: d.status,
    publicName: d.publicName ?? null,
    createdAt: d.createdAt,
  }),
  fromFirestore: (snapshot) => {
    const d = snapshot.data();
    return {
      id: String(d.id),
      uid: d.uid == null ? null : String(d.uid),
      amount: Number(d.amount),
      currency: 'CHF',
      provider: d.provider,
      providerRef: String(d.providerRef),
      status: d.status,
      publicName: d.publicName == null ? null : String(d.publicName),
      createdAt: String(d.createdAt),
    };
  },
};

export const donationKey = (d: Pick<Donation, 'provider' | 'providerRef'>) => docKey(d.provider, d.providerRef);

export function createDonationStore(ctx: FirestoreContext): DonationStore {
  const { db } = ctx;
  const donations = () => db.collection(COLLECTIONS.donations).withConverter(donationConverter);
  const users = () => db.collection(COLLECTIONS.users);
  const newestFirst = (a: Donation, b: Donation) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

  return {
    async recordPaid(donation) {
      const ref = donations().doc(donationKey(donation));
      const run = () =>
        db.runTransaction(async (tx) => {
          const existing = (await tx.get(ref)).data();
          if (existing) return { donation: existing, created: false };
          const donor = donation.uid ? await tx.get(users().doc(donation.uid)) : null;
          // The account may have been deleted between the payment and its confirmation: keep the money, drop the link.
          const uid = donor?.exists ? donation.uid : null;
          const recorded: Donation = { ...donation, uid };
          // The donation first: a concurrent writer that recorded it makes this commit fail before anything else.
          tx.create(ref, recorded);
          if (donor?.exists && !donor.get('supported')) {
            tx.update(donor.ref, { supported: true, updatedAt: donation.createdAt });
          }
          return { donation: recorded, created: true };
        });
      try {
        const result = await ctx.lock(`donation:${ref.id}`, run);
        if (result.created) ctx.touched();
        return result;
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
        const existing = (await ref.get()).data();
        if (!existing) throw error;
        return { donation: existing, created: false };
      }
    },
    async findByProviderRef(provider, providerRef) {
      return (await donations().doc(donationKey({ provider, providerRef })).get()).data() ?? null;
    },
    async listRecent(limit) {
      const found = await donations().orderBy('createdAt', 'desc').limit(limit).get();
      const list = found.docs.map((d) => d.data()).sort(newestFirst);
      const uids = [...new Set(list.map((d) => d.uid).filter((u): u is string => Boolean(u)))];
      const donors = new Map(
        uids.length ? (await db.getAll(...uids.map((u) => users().doc(u)))).map((s) => [s.id, s]) : [],
      );
      return list.map((d): DonationWithDonor => {
        const donor = d.uid ? donors.get(d.uid) : undefined;
        return {
          ...d,
          donorName: donor?.exists ? String(donor.get('displayName')) : null,
          donorEmail: donor?.exists ? String(donor.get('email')) : null,
        };
      });
    },
    async totalsPerPeriod(boundaries) {
      if (boundaries.length < 2) return [];
      return Promise.all(
        boundaries.slice(1).map(async (hi, i) => {
          const found = await donations().where('createdAt', '>=', boundaries[i]).where('createdAt', '<', hi).get();
          const paid = found.docs.map((d) => d.data()).filter((d) => d.status === 'paid');
          // Summed in centimes so that 0.1 + 0.2 stays 0.30.
          const centimes = paid.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
          return { total: centimes / 100, count: paid.length };
        }),
      );
    },
    async publicNames(limit) {
      const found = await donations().orderBy('createdAt', 'desc').get();
      const latest = new Map<string, string>();
      for (const d of found.docs.map((s) => s.data()).sort(newestFirst)) {
        if (d.status !== 'paid' || d.publicName === null || d.uid === null || latest.has(d.uid)) continue;
        latest.set(d.uid, d.publicName);
      }
      const uids = [...latest.keys()];
      const donors = uids.length ? await db.getAll(...uids.map((u) => users().doc(u))) : [];
      const shown = new Set(donors.filter((s) => s.exists && !s.get('disabled')).map((s) => s.id));
      const names = uids
        .filter((u) => shown.has(u))
        .slice(0, limit)
        .map((u) => latest.get(u) as string);
      return [...new Set(names)];
    },
  };
}
