// Donations confirmed by the payment provider.

/** A donation confirmed by the payment provider (Stripe); bank transfers by QR-bill are not recorded here. */
export interface Donation {
  id: string;
  /** The donor's account; null once that account is deleted. */
  uid: string | null;
  /** In francs (CHF), up to two decimals. */
  amount: number;
  currency: 'CHF';
  provider: 'stripe';
  /** The provider's reference (Stripe Checkout Session id): one donation per (provider, providerRef). */
  providerRef: string;
  status: 'paid';
  /** The name the donor chose to show among « Merci à nos donateurs », or null. */
  publicName: string | null;
  createdAt: string;
}

export interface DonationWithDonor extends Donation {
  donorName: string | null;
  donorEmail: string | null;
}

export interface DonationStore {
  /**
   * Records a paid donation and marks its account as a supporter, in one transaction. Idempotent per
   * (provider, providerRef): the success page and the webhook may both report the same payment, only the first writes.
   * An unknown account is recorded as none (uid null).
   */
  recordPaid(donation: Donation): Promise<{ donation: Donation; created: boolean }>;
  findByProviderRef(provider: Donation['provider'], providerRef: string): Promise<Donation | null>;
  /** The latest donations, newest first, with the donor's current name and email. */
  listRecent(limit: number): Promise<DonationWithDonor[]>;
  /** Paid donations per period (ascending boundaries, as in StatsStore): total in francs and count. */
  totalsPerPeriod(boundaries: readonly string[]): Promise<{ total: number; count: number }[]>;
  /** The names donors chose to show, each once, latest donation first (accounts still existing only). */
  publicNames(limit: number): Promise<string[]>;
}
