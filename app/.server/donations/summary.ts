// The donations block of the admin dashboard: totals per month (Europe/Zurich) over the last 12 months, and the
// latest donations with their donor.
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import { startOfMonth } from 'date-fns/startOfMonth';
import { TIME_ZONE } from '~/domain/dates';
import type { Store } from '../ports';

export const SUMMARY_MONTHS = 12;
export const SUMMARY_LATEST = 50;

export interface MonthTotal {
  /** First instant of the month (ISO, UTC). */
  start: string;
  /** « novembre 2026 ». */
  label: string;
  /** In francs. */
  total: number;
  count: number;
}

export interface DonationLine {
  id: string;
  createdAt: string;
  amount: number;
  provider: string;
  providerRef: string;
  status: string;
  /** The account's current name; null when the account no longer exists. */
  donorName: string | null;
  donorEmail: string | null;
  publicName: string | null;
}

export interface DonationSummary {
  /** Oldest month first, the current month last. */
  months: MonthTotal[];
  /** Over the months shown. */
  total: number;
  count: number;
  latest: DonationLine[];
}

const monthLabel = new Intl.DateTimeFormat('fr-CH', { timeZone: TIME_ZONE, month: 'long', year: 'numeric' });

/** The boundaries of the last `n` months in Zurich, the current one included (n + 1 instants). */
export function monthBoundaries(now: Date, n = SUMMARY_MONTHS): Date[] {
  // date-fns on a TZDate works in its zone, so months start at midnight in Zurich whatever the offset.
  const current = startOfMonth(new TZDate(now.getTime(), TIME_ZONE));
  return Array.from({ length: n + 1 }, (_, i) => addMonths(current, i - n + 1));
}

export async function donationSummary(deps: { store: Store; now?: () => Date }): Promise<DonationSummary> {
  const now = deps.now ? deps.now() : new Date();
  const bounds = monthBoundaries(now).map((d) => new Date(d.getTime()).toISOString());
  const [totals, recent] = await Promise.all([
    deps.store.donations.totalsPerPeriod(bounds),
    deps.store.donations.listRecent(SUMMARY_LATEST),
  ]);
  const months = totals.map((t, i) => ({
    start: bounds[i],
    label: monthLabel.format(new Date(bounds[i])),
    total: t.total,
    count: t.count,
  }));
  return {
    months,
    // Summed in centimes, as the store does.
    total: months.reduce((sum, m) => sum + Math.round(m.total * 100), 0) / 100,
    count: months.reduce((sum, m) => sum + m.count, 0),
    latest: recent.map((d) => ({
      id: d.id,
      createdAt: d.createdAt,
      amount: d.amount,
      provider: d.provider,
      providerRef: d.providerRef,
      status: d.status,
      donorName: d.donorName,
      donorEmail: d.donorEmail,
      publicName: d.publicName,
    })),
  };
}
