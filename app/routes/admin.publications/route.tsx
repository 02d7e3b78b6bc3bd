// /admin/publications: what trusted accounts and sources published without moderation (issue 21), newest first, to
// review after the fact; each links to the event's moderation, where it can be unpublished.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { parsePublicationsPage, publishedWithoutModeration } from '~/.server/moderation/publications';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { plural } from '~/components/charts/format';
import { Link } from '~/components/Link';
import { formatShortDate, formatTime } from '~/domain/dates';
import { pageMeta } from '~/domain/meta';
import { STATUS_LABELS } from '../admin.events/moderation-ui';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return publishedWithoutModeration(context.services, parsePublicationsPage(new URL(request.url).searchParams));
}

export default function PublicationsPage() {
  const { items, total, page, pages, previous, next } = useLoaderData<typeof loader>();
  return (
    <AdminShell
      title="Publiés sans modération"
      lead="Les soumissions et modifications des organisateurs et des sources de confiance, publiées dès l’envoi : à relire après coup. Ouvrez-en une pour la dépublier au besoin."
    >
      {total === 0 ? (
        <p className="empty-state" data-testid="publications-empty">
          Aucune publication sans modération pour l’instant. Les événements publiés par un compte ou une source de
          confiance apparaîtront ici, le plus récent en premier.
        </p>
      ) : (
        <>
          <p className="moderation__count" data-testid="publications-count">
            {plural(total, 'publication')} sans modération, la plus récente en premier.
          </p>
          <ol className="publications">
            {items.map((item) => (
              <li key={item.id} className="publications__item" data-testid={`publication-${item.eventId}`}>
                <span className="publications__title">
                  {item.eventStatus ? (
                    <Link to={`/admin/events?eventId=${encodeURIComponent(item.eventId)}`}>« {item.eventTitle} »</Link>
                  ) : (
                    <>« {item.eventTitle} »</>
                  )}{' '}
                  <span className={`status-chip status-chip--${item.eventStatus ?? 'withdrawn'}`}>
                    {item.eventStatus ? STATUS_LABELS[item.eventStatus] : 'Supprimé'}
                  </span>
                </span>
                <small>
                  Publié par <strong>{item.publisherName}</strong>
                  {item.via ? ` (${item.via})` : ''} le{' '}
                  <time dateTime={item.publishedAt}>
                    {formatShortDate(item.publishedAt)} à {formatTime(item.publishedAt)}
                  </time>
                </small>
              </li>
            ))}
          </ol>
          {previous || next ? (
            <nav className="pagination" aria-label="Pages">
              {previous ? <Link to={previous}>‹ Plus récentes</Link> : <span />}
              <span>
                Page {page} sur {pages}
              </span>
              {next ? <Link to={next}>Plus anciennes ›</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Publiés sans modération',
    description: 'Publiés sans modération — Agenda romand.',
    path: '/admin/publications',
    matches,
  });
