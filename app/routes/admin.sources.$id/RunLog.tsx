// The run log of a calendar source: each run's counts, what the limits left aside, and its errors (with the UID and the
// line of the feed).

import { AdminTable } from '~/components/admin/AdminTable';
import { formatDateTime } from '~/domain/dates';
import { type ImportRun, limitsSummary, runSummary } from '~/domain/import-run';

type Run = Omit<ImportRun, 'sourceId'>;

export function RunLog({ runs }: { runs: readonly Run[] }) {
  if (runs.length === 0) return <p>Aucun import pour l’instant.</p>;
  return (
    <AdminTable testId="run-log" columns={['Import', 'Résultat', 'Erreurs']}>
      {runs.map((run) => (
        <tr key={run.id}>
          <th scope="row">{formatDateTime(run.startedAt)}</th>
          <td>
            {!run.ok ? 'échec' : run.notModified ? 'calendrier inchangé (non relu)' : runSummary(run)}
            {limitsSummary(run.limits).map((line) => (
              <p key={line} className="run-limit">
                Au-delà des limites&nbsp;: {line}
              </p>
            ))}
          </td>
          <td>
            {run.errors.length === 0 ? (
              '—'
            ) : (
              <ul>
                {run.errors.map((e) => (
                  <li key={`${e.uid}-${e.line}-${e.message}`}>
                    {e.line ? `ligne ${e.line}, ` : ''}
                    {e.uid ? `UID ${e.uid}\u00a0: ` : ''}
                    {e.message}
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
