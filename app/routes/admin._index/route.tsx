// /admin (AdminDashboard): the moderation queue at a glance, what is published and where, submissions over
// 12 weeks, the latest moderation decisions and, once analytics record them, the page views of 30 days.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { adminDashboard } from '~/.server/analytics/admin-dashboard';
import { siteFiguresView } from '~/.server/analytics/figures-view';
import { donationSummary } from '~/.server/donations/summary';
import { mailQueueSummary, retryFailedMails } from '~/.server/mail/admin-mails';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { ColumnChart } from '~/components/charts/ColumnChart';
import { formatCount, plural } from '~/components/charts/format';
import { Link } from '~/components/Link';
import { PushSettings } from '~/components/PushSettings';
import { useLivePendingCount } from '~/components/useLiveAdmin';
import { formatShortDate, formatTime } from '~/domain/dates';
import { pageMeta } from '~/domain/meta';
import { MODERATION_ACTION_PAST } from '~/domain/moderation';
import { isSitePage } from '~/domain/site-pages';
import { DonationsSummary } from './DonationsSummary';
import { MailQueue } from './MailQueue';
import { SiteFigures } from './SiteFigures';
import { UpcomingBy } from './UpcomingBy';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  const store = context.services.store;
  const [dashboard, donations, mails, figures] = await Promise.all([
    adminDashboard({ store }),
    donationSummary({ store }),
    mailQueueSummary({ store }),
    siteFiguresView({ store }, new Date()),
  ]);
  return { ...dashboard, donations, mails, figures };
}

/** « Réessayer » a failed mail, or all of them (the mail panel). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in' });
  const all = form.get('intent') === 'retry-all-mails';
  const retried = await retryFailedMails(
    context.services,
    admin,
    all ? 'all' : { id: String(form.get('mailId') ?? '') },
  );
  const message =
    retried === 0
      ? 'Ce mail n’est plus en échec : il a déjà été renvoyé.'
      : retried === 1
        ? 'Le mail repart : il sera envoyé dans un instant si le serveur de mail répond.'
        : `${retried} mails repartent : ils seront envoyés dans un instant si le serveur de mail répond.`;
  return redirect('/admin#mails', {
    headers: {
      'Set-Cookie': await setFlash(request, context.services, { kind: retried === 0 ? 'info' : 'success', message }),
    },
  });
}

export default function AdminDashboardPage() {
  const d = useLoaderData<typeof loader>();
  // The queue's count follows the live stream, as the title and the menu do (decision 009).
  const awaiting = useLivePendingCount(d.awaiting) ?? d.awaiting;
  const allEvents = Object.values(d.counts).reduce((a, b) => a + b, 0);
  const weeks = d.submissions.weeks.map((w) => ({
    key: w.start,
    label: w.label,
    longLabel: w.longLabel,
    value: w.value,
  }));
  return (
    <AdminShell title="Panneau Admin" lead="Vue d’ensemble de l’agenda : modération, publications et audience.">
      <div className="admin-dashboard">
        <ul className="admin-dashboard__cards">
          <li className="admin-dashboard__card admin-dashboard__card--pending">
            <h2 id="dashboard-pending-title">En attente</h2>
            <p className="admin-dashboard__figure" data-testid="dashboard-pending">
              {formatCount(awaiting)}
            </p>
            <p className="admin-dashboard__note">
              {awaiting === 0
                ? 'Rien à modérer.'
                : 'Événements nouveaux ou modifiés à modérer, le plus ancien d’abord.'}
            </p>
            <Link to="/admin/events" aria-describedby="dashboard-pending-title">
              Ouvrir la modération
            </Link>
          </li>
          <li className="admin-dashboard__card">
            <h2>Publiés cette semaine</h2>
            <p className="admin-dashboard__figure" data-testid="dashboard-approved-week">
              {formatCount(d.approvedThisWeek)}
            </p>
            <p className="admin-dashboard__note">
              Événements approuvés depuis le {formatShortDate(d.weekStart)} à 00:00 (début de la semaine), d’après le
              journal de modération.
            </p>
          </li>
          <li className="admin-dashboard__card">
            <h2>À venir</h2>
            <p className="admin-dashboard__figure" data-testid="dashboard-upcoming">
              {formatCount(d.upcoming.total)}
            </p>
            <p className="admin-dashboard__note">Événements publiés qui ne sont pas encore terminés.</p>
            <Link to="/evenements">Voir l’agenda</Link>
          </li>
          <li className="admin-dashboard__card">
            <h2>Tous les événements</h2>
            <p className="admin-dashboard__figure">{formatCount(allEvents)}</p>
            <p className="admin-dashboard__note">
              {plural(d.counts.approved, 'publié')} · {plural(d.counts.rejected, 'refusé')} ·{' '}
              {plural(d.counts.cancelled, 'annulé')} · {plural(d.counts.withdrawn, 'retiré')}
            </p>
          </li>
        </ul>

        <div className="admin-dashboard__pair">
          <section className="admin-dashboard__panel" aria-labelledby="dashboard-submissions">
            <h2 id="dashboard-submissions">Soumissions par semaine</h2>
            <p className="admin-dashboard__note">
              {plural(d.submissions.total, 'soumission')} sur les 12 dernières semaines (du lundi au dimanche, heure
              suisse), chaque événement compté à sa dernière soumission.
            </p>
            <ColumnChart
              className="admin-dashboard__chart"
              title="Soumissions par semaine sur les 12 dernières semaines"
              labelHeader="Semaine"
              valueHeader="Soumissions"
              labelEvery={2}
              data={weeks}
            />
          </section>

          <section className="admin-dashboard__panel" aria-labelledby="dashboard-audience">
            <h2 id="dashboard-audience">Audience des 30 derniers jours</h2>
            {d.pageViews === null ? (
              <p className="admin-dashboard__empty">Aucune mesure d’audience pour l’instant.</p>
            ) : (
              <>
                <p className="admin-dashboard__note">{plural(d.pageViews.total, 'page vue', 'pages vues')}.</p>
                <ColumnChart
                  className="admin-dashboard__chart"
                  title="Pages vues par jour sur les 30 derniers jours"
                  labelHeader="Jour"
                  valueHeader="Pages vues"
                  labelEvery={7}
                  showValues={false}
                  color="#0b4f6c"
                  data={d.pageViews.days.map((day) => ({ ...day, key: day.start }))}
                />
                <h3>Pages les plus vues</h3>
                <ol className="admin-dashboard__top">
                  {d.pageViews.top.map((page) => (
                    <li key={page.path}>
                      {/* A link only to one of this site's pages (views recorded before that rule may name others). */}
                      {isSitePage(page.path) ? (
                        <Link to={page.path}>{page.title || page.path}</Link>
                      ) : (
                        page.title || page.path
                      )}{' '}
                      <span className="admin-dashboard__note">
                        {page.path} · {plural(page.views, 'vue')}
                      </span>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        </div>

        <div className="admin-dashboard__pair">
          <UpcomingBy id="dashboard-categories" criterion="catégorie" data={d.upcoming.byCategory} />
          <UpcomingBy id="dashboard-cantons" criterion="canton" data={d.upcoming.byCanton} />
        </div>

        <SiteFigures figures={d.figures} />

        <section className="admin-dashboard__panel" aria-labelledby="dashboard-activity">
          <h2 id="dashboard-activity">Activité de modération récente</h2>
          {d.activity.length === 0 ? (
            <p className="admin-dashboard__empty">Aucune décision de modération pour l’instant.</p>
          ) : (
            <ol className="admin-dashboard__activity">
              {d.activity.map((entry) => (
                <li key={entry.id}>
                  <span>
                    <strong>{entry.adminName}</strong> {MODERATION_ACTION_PAST[entry.action]}{' '}
                    <Link to={`/admin/events?eventId=${encodeURIComponent(entry.eventId)}`}>
                      « {entry.eventTitle} »
                    </Link>
                    {entry.action === 'reject' && entry.reason ? (
                      <span className="admin-dashboard__reason"> : {entry.reason}</span>
                    ) : null}
                  </span>
                  <time dateTime={entry.createdAt}>
                    {formatShortDate(entry.createdAt)} à {formatTime(entry.createdAt)}
                  </time>
                </li>
              ))}
            </ol>
          )}
          <p className="admin-dashboard__note">
            <Link to="/admin/publications">Publiés sans modération</Link>
            {'\u00a0'}: ce que les comptes et sources de confiance ont publié dès l’envoi, à relire après coup.
          </p>
        </section>
        <MailQueue mails={d.mails} />
        <DonationsSummary summary={d.donations} />
        <PushSettings />
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Panneau Admin', description: 'Panneau Admin — Agenda romand.', path: '/admin', matches });
