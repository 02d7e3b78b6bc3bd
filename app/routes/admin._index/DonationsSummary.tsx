// The donations panel of the admin dashboard: totals per month (last 12 months) and the latest donations.
// Data comes from `donationSummary` (app/.server/donations/summary.ts), passed through the loader as is.
import type { DonationSummary } from '~/.server/donations/summary';
import { AdminTable } from '~/components/admin/AdminTable';
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
      <AdminTable
        testId="donations-months"
        caption="Dons par mois, des 12 derniers mois"
        columns={['Mois', 'Dons', 'Total']}
      >
        {[...summary.months].reverse().map((month) => (
          <tr key={month.start}>
            <th scope="row">{month.label}</th>
            <td>{month.count}</td>
            <td>{month.count === 0 ? '—' : formatChf(month.total)}</td>
          </tr>
        ))}
      </AdminTable>

      <h3>Derniers dons</h3>
      {summary.latest.length === 0 ? (
        <p className="admin-dashboard__empty">Aucun don en ligne pour l’instant.</p>
      ) : (
        <AdminTable
          testId="donations-latest"
          caption={`Les ${summary.latest.length} derniers dons`}
          columns={['Date', 'Donateur·rice', 'Montant', 'Moyen', 'Référence']}
        >
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
        </AdminTable>
      )}
    </section>
  );
}
