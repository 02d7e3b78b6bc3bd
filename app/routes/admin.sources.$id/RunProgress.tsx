// Where « Importer maintenant » stands (decision 058): asked for (the job `sources` takes it within the minute),
// running, or done with its counts and what the limits left aside. The page reloads itself while it waits: every few
// seconds with JavaScript, by a refresh without.
import { useRevalidator } from '@remix-run/react';
import { useEffect } from 'react';
import { formatDateTime } from '~/domain/dates';
import { limitsSummary, type RunProgress as Progress, runSummary } from '~/domain/import-run';

const REFRESH_SECONDS = 4;

export function RunProgress({ progress }: { progress: Progress }) {
  const waiting = progress.state === 'queued' || progress.state === 'running';
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
  return (
    <div
      className="notice run-progress"
      role="status"
      aria-live="polite"
      data-testid="run-progress"
      data-state={progress.state}
    >
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      {progress.state === 'queued' ? (
        <p>
          <strong>Import demandé</strong> ({formatDateTime(progress.since)})&nbsp;: il commence dans la minute. Cette
          page se met à jour d’elle-même.
        </p>
      ) : progress.state === 'running' ? (
        <p>
          <strong>Import en cours</strong> depuis {formatDateTime(progress.since)}… Cette page se met à jour
          d’elle-même.
        </p>
      ) : progress.state === 'done' ? (
        <>
          <p>
            <strong>Dernier import</strong> ({formatDateTime(progress.run.startedAt)})&nbsp;:{' '}
            {!progress.run.ok
              ? `échec\u00a0: ${progress.run.errors[0]?.message ?? ''}`
              : progress.run.notModified
                ? 'calendrier inchangé depuis le précédent.'
                : `${runSummary(progress.run)}.`}
          </p>
          {limitsSummary(progress.limits).map((line) => (
            <p key={line} className="run-limit" data-testid="run-limits">
              Au-delà des limites&nbsp;: {line}
            </p>
          ))}
        </>
      ) : (
        <p>Aucun import pour l’instant&nbsp;: «&nbsp;Importer maintenant&nbsp;» le demande.</p>
      )}
    </div>
  );
}
