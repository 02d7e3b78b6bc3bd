// Donations of the Firestore store: `donations/{provider}:{providerRef}`, so a payment can only be recorded once;
// the donation and the donor's `supported` flag are written in one transaction (decision 010).
import type { FirestoreDataConverter } from 'firebase-admin/firestore';
import type { Donation, DonationStore, DonationWithDonor } from '../../ports';
import type { FirestoreContext } from './context';
import { COLLECTIONS, docKey, isAlreadyExists } from './db';
import { firebaseAdmin } from './firebase-admin';

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
    // Aggregations (issue 35): a period costs one read per 1,000 donations, not one per donation.
    async totalsPerPeriod(boundaries) {
      if (boundaries.length < 2) return [];
      return Promise.all(
        boundaries.slice(1).map(async (hi, i) => {
          const { AggregateField } = firebaseAdmin.firestore();
          const found = await donations()
            .where('status', '==', 'paid')
            .where('createdAt', '>=', boundaries[i])
            .where('createdAt', '<', hi)
            .aggregate({ total: AggregateField.sum('amount'), count: AggregateField.count() })
            .get();
          const { total, count } = found.data();
          // Rounded to the centime: a sum of doubles (0.1 + 0.2) is 0.30 again.
          return { total: Math.round((total ?? 0) * 100) / 100, count };
        }),
      );
    },
    // Paid donations newest first, a page at a time, until `limit` names are found (issue 35): what /partenaires
    // shows bounds the reads, not the number of donations.
    async publicNames(limit) {
      const latest = new Set<string>();
      const read = new Set<string>();
      const shown: string[] = [];
      const pageSize = Math.max(50, limit);
      // The cursor is the date of the last donation read (a where clause, which every emulator honours): the
      // donations of that same instant come again and are skipped by id.
      let before: string | null = null;
      while (shown.length < limit) {
        let query = donations().where('status', '==', 'paid');
        if (before !== null) query = query.where('createdAt', '<=', before);
        const found = await query.orderBy('createdAt', 'desc').limit(pageSize).get();
        const unread = found.docs.filter((s) => !read.has(s.id));
        if (unread.length === 0) break;
        const fresh: Donation[] = [];
        for (const snapshot of unread) {
          read.add(snapshot.id);
          const d = snapshot.data();
          if (d.publicName === null || d.uid === null || latest.has(d.uid)) continue;
          latest.add(d.uid);
          fresh.push(d);
        }
        if (fresh.length > 0) {
          const donors = await db.getAll(...fresh.map((d) => users().doc(d.uid as string)));
          const kept = new Set(donors.filter((s) => s.exists && !s.get('disabled')).map((s) => s.id));
          for (const d of fresh) if (kept.has(d.uid as string)) shown.push(d.publicName as string);
        }
        if (found.size < pageSize) break;
        before = found.docs[found.docs.length - 1].data().createdAt;
      }
      return [...new Set(shown.slice(0, limit))];
    },
  };
}
