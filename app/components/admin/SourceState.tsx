// The state of a calendar source: ok or failing (with its last error), last and next run.
import { formatDateTime } from '~/domain/dates';

interface Shown {
  state: 'new' | 'ok' | 'failing';
  lastRunAt: string | null;
  nextRunAt: string;
  lastError: string;
  consecutiveFailures: number;
}

export function SourceState({ source }: { source: Shown }) {
  const label = source.state === 'failing' ? 'en échec' : source.state === 'ok' ? 'ok' : 'jamais importée';
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
