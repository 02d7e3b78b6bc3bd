// The donations panel of the admin dashboard: totals per month (last 12 months) and the latest donations.
// Data comes from `donationSummary` (app/.server/donations/summary.ts), passed through the loader as is.
import type { DonationSummary } from '~/.server/donations/summary';
import { formatNumericDate } from '~/domain/dates';
import { formatChf } from '~/domain/donation-amounts';

/** As the loader sends it (dates as ISO strings). */
export type DonationsSummaryData = DonationSummary;

const PROVIDERS: Record<string, string> = { stripe: 'Carte / TWINT (Stripe)' };
const STATUSES: Record<string, string> = { paid: 'payé' };

export function DonationsSummary({ summary }: { summary: DonationsSummaryData }) {
  return (
    <section className="admin-dashboard__panel admin-donations" aria-labelledby="dashboard-donations">
      <h2 id="dashboard-donations">Dons</h2>
      <p className="admin-dashboard__note" data-testid="donations-total">
        {formatChf(summary.total)} en {summary.count} {summary.count > 1 ? 'dons' : 'don'} sur les 12 derniers mois
        (carte et TWINT ; les virements par QR-facture se suivent sur le compte bancaire).
      </p>
      <table className="admin-table" data-testid="donations-months">
        <caption className="visually-hidden">Dons par mois, des 12 derniers mois</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">Dons</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {[...summary.months].reverse().map((month) => (
            <tr key={month.start}>
              <th scope="row">{month.label}</th>
              <td>{month.count}</td>
              <td>{month.count === 0 ? '—' : formatChf(month.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3>Derniers dons</h3>
      {summary.latest.length === 0 ? (
        <p className="admin-dashboard__empty">Aucun don en ligne pour l’instant.</p>
      ) : (
        <table className="admin-table" data-testid="donations-latest">
          <caption className="visually-hidden">Les {summary.latest.length} derniers dons</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Donateur·rice</th>
              <th scope="col">Montant</th>
              <th scope="col">Moyen</th>
              <th scope="col">Référence</th>
            </tr>
          </thead>
          <tbody>
            {summary.latest.map((donation) => (
              <tr key={donation.id}>
                <td>{formatNumericDate(donation.createdAt)}</td>
                <td>
                  {donation.donorName ?? <em>Compte supprimé</em>}
                  {donation.donorEmail ? (
                    <>
                      <br />
                      <small>{donation.donorEmail}</small>
                    </>
                  ) : null}
                  {donation.publicName ? (
                    <>
                      <br />
                      <small>Affiché·e comme « {donation.publicName} »</small>
                    </>
                  ) : null}
                </td>
                <td>{formatChf(donation.amount)}</td>
                <td>
                  {PROVIDERS[donation.provider] ?? donation.provider}
                  {donation.status !== 'paid' ? ` (${STATUSES[donation.status] ?? donation.status})` : null}
                </td>
                <td>
                  <code>{donation.providerRef}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
