// Donations of the SQLite store: recorded once per provider reference, with the donor flagged as a supporter.
import type { Donation, DonationStore, DonationWithDonor } from '../../ports';
import type { Db } from './db';
import { writeTransaction } from './db';
import { type Row, str } from './rows';

function toDonation(row: Row): Donation {
  return {
    id: str(row.id),
    uid: row.uid == null ? null : str(row.uid),
    amount: Number(row.amount),
    currency: 'CHF',
    provider: row.provider as Donation['provider'],
    providerRef: str(row.provider_ref),
    status: row.status as Donation['status'],
    publicName: row.public_name == null ? null : str(row.public_name),
    createdAt: str(row.created_at),
  };
}

export function createDonationStore(db: Db): DonationStore {
  const findByRef = db.prepare('SELECT * FROM donations WHERE provider = ? AND provider_ref = ?');
  const userExists = db.prepare('SELECT 1 FROM users WHERE uid = ?');

  return {
    async recordPaid(donation) {
      return writeTransaction(db, () => {
        const existing = findByRef.get(donation.provider, donation.providerRef) as Row | undefined;
        if (existing) return { donation: toDonation(existing), created: false };
        // The account may have been deleted between the payment and its confirmation: keep the money, drop the link.
        const uid = donation.uid && userExists.get(donation.uid) ? donation.uid : null;
        db.prepare(
          `INSERT INTO donations (id, uid, amount, currency, provider, provider_ref, status, public_name, created_at)
             VALUES (@id, @uid, @amount, @currency, @provider, @providerRef, @status, @publicName, @createdAt)`,
        ).run({ ...donation, uid });
        if (uid) {
          db.prepare('UPDATE users SET supported = 1, updated_at = ? WHERE uid = ? AND supported = 0').run(
            donation.createdAt,
            uid,
          );
        }
        return { donation: { ...donation, uid }, created: true };
      })();
    },
    async findByProviderRef(provider, providerRef) {
      const row = findByRef.get(provider, providerRef) as Row | undefined;
      return row ? toDonation(row) : null;
    },
    async listRecent(limit) {
      const rows = db
        .prepare(
          `SELECT d.*, u.display_name AS donor_name, u.email AS donor_email FROM donations d
           LEFT JOIN users u ON u.uid = d.uid ORDER BY d.created_at DESC, d.rowid DESC LIMIT ?`,
        )
        .all(limit) as Row[];
      return rows.map(
        (row): DonationWithDonor => ({
          ...toDonation(row),
          donorName: row.donor_name == null ? null : str(row.donor_name),
          donorEmail: row.donor_email == null ? null : str(row.donor_email),
        }),
      );
    },
    async totalsPerPeriod(boundaries) {
      if (boundaries.length < 2) return [];
      // Summed in centimes so that 0.1 + 0.2 stays 0.30.
      const sum = db.prepare(
        `SELECT COALESCE(SUM(CAST(ROUND(amount * 100) AS INTEGER)), 0) AS centimes, COUNT(*) AS n FROM donations
         WHERE status = 'paid' AND created_at >= ? AND created_at < ?`,
      );
      return boundaries.slice(1).map((end, i) => {
        const row = sum.get(boundaries[i], end) as { centimes: number; n: number };
        return { total: row.centimes / 100, count: row.n };
      });
    },
    async publicNames(limit) {
      // One name per donor: the one given with their latest public donation (SQLite takes the bare column from the
      // MAX row). A deleted account disappears from the list (uid null), a disabled one too.
      const rows = db
        .prepare(
          `SELECT d.public_name AS name, MAX(d.created_at) AS latest FROM donations d JOIN users u ON u.uid = d.uid
           WHERE d.status = 'paid' AND d.public_name IS NOT NULL AND u.disabled = 0
           GROUP BY d.uid ORDER BY latest DESC LIMIT ?`,
        )
        .all(limit) as { name: string }[];
      return [...new Set(rows.map((r) => r.name))];
    },
  };
}
