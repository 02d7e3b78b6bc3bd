// The state of a calendar source: up to date, in error or failing (with its last error), last and next run.
import { formatDateTime } from '~/domain/dates';

interface Shown {
  state: 'new' | 'ok' | 'failing';
  lastRunAt: string | null;
  nextRunAt: string;
  lastError: string;
  consecutiveFailures: number;
}

export function SourceState({ source }: { source: Shown }) {
  // A new source whose first runs failed (not yet flagged) has been imported from, without success.
  const label =
    source.state === 'failing'
      ? 'en échec'
      : source.state === 'ok'
        ? 'à jour'
        : source.lastRunAt
          ? 'dernier import en erreur'
          : 'jamais importée';
  return (
    <div className="source-state" data-testid="source-state">
      <strong className={source.state === 'failing' ? 'badge badge--danger' : 'badge'}>{label}</strong>
      {source.lastError ? (
        <p>
          Dernière erreur ({source.consecutiveFailures}
          {source.consecutiveFailures > 1 ? ' échecs de suite' : ' échec'})&nbsp;: {source.lastError}
        </p>
      ) : null}
      <p>
        Dernier import&nbsp;: {source.lastRunAt ? formatDateTime(source.lastRunAt) : 'aucun'} · Prochain&nbsp;:{' '}
        {formatDateTime(source.nextRunAt)}
      </p>
    </div>
  );
}
