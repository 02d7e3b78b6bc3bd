// /admin/events (ModerateEvents): the queue (what starts within 48 h first, then the oldest submission), with
// everything needed to decide on one event, and the decisions. Every action is a plain form (works without JavaScript); with it, keyboard shortcuts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { parseDecisionForm } from '~/.server/http/decision-form';
import { decideOnEvent, moderationPage } from '~/.server/moderation/moderation-page';
import { answerVenueSuggestion, VENUE_SUGGESTION_INTENT } from '~/.server/places/moderation-places';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { refusedAction } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { Link } from '~/components/Link';
import { formatDateTime } from '~/domain/dates';
import { workingView } from '~/domain/event-lifecycle';
import { pageMeta } from '~/domain/meta';
import type { ModerationDecision } from '~/domain/moderation';
import { Decision } from './Decision';
import { ACTION_DONE, inTab, listCount, listParams, STATUS_LABELS, STATUS_TABS } from './moderation-ui';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context.services);
  return moderationPage(context.services, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in' });
  // « Lieu proposé : … — confirmer / autre lieu » (decision 095).
  if (form.get('intent') === VENUE_SUGGESTION_INTENT) return venueSuggestionAnswer(request, context, admin, form);
  const decision = parseDecisionForm(form);
  try {
    const { event, deleted, revision, told } = await decideOnEvent(context.services, admin, {
      eventId: decision.eventId,
      action: decision.intent,
      reason: decision.reason,
      seen: decision.seen,
    });
    // A decision that takes the event out of the list shown moves on to the next one of the queue.
    const leaves = deleted || !inTab(decision.returnQuery.status, event);
    const target = leaves ? decision.next : event.id;
    const done = ACTION_DONE[decision.intent as ModerationDecision];
    const flash = await setFlash(request, context.services, {
      kind: 'success',
      // An approval or a refusal is about what was decided (a revision's title); anything else about what the
      // public sees, not an edit still waiting.
      message: done(
        decision.intent === 'approve' || decision.intent === 'reject' ? workingView(event).title : event.title,
        revision,
        told,
      ),
    });
    const search = listParams(decision.returnQuery, target ? { eventId: target } : {});
    return redirect(`/admin/events?${search}#statut`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    return refusedAction(error, { eventId: decision.eventId, intent: decision.intent, reason: decision.reason });
  }
}

async function venueSuggestionAnswer(
  request: Request,
  context: ActionFunctionArgs['context'],
  admin: Awaited<ReturnType<typeof requireAdmin>>,
  form: FormData,
) {
  const back = `/admin/events?${new URL(request.url).searchParams}#statut`;
  try {
    const venue = await answerVenueSuggestion(context.services, admin, {
      venueId: String(form.get('venueId') ?? ''),
      same: form.get('same') === '1',
    });
    const message =
      form.get('same') === '1'
        ? `Lieu confirmé : l’événement est rattaché à «\u00a0${venue.name}\u00a0».`
        : `«\u00a0${venue.name}\u00a0» sera un nouveau lieu, approuvé avec l’événement.`;
    const flash = await setFlash(request, context.services, { kind: 'success', message });
    return redirect(back, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    return refusedAction(error, { eventId: '', intent: VENUE_SUGGESTION_INTENT, reason: '' });
  }
}

export default function ModerateEventsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { query, counts, items, selected, total, pages, prev, next } = loaded;
  const navigate = useNavigate();
  const selectedIndex = selected ? items.findIndex((i) => i.id === selected.id) : -1;
  const listRef = useRef<HTMLOListElement>(null);

  // Keyboard shortcuts (JS only): J/K next/previous, A approve, R reason, F feature, / search. Their help line shows
  // once the listener is attached (its room is kept before, so nothing moves).
  const [shortcutsReady, setShortcutsReady] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const go = (index: number) => {
        const item = items[index];
        if (item) navigate(`/admin/events?${listParams(query, { eventId: item.id })}`, { preventScrollReset: true });
      };
      const click = (selector: string) => document.querySelector<HTMLButtonElement>(selector)?.click();
      switch (event.key) {
        case 'j':
          go(selectedIndex + 1);
          break;
        case 'k':
          go(Math.max(0, selectedIndex - 1));
          break;
        case 'a':
          click('[data-shortcut="a"]');
          break;
        case 'f':
          click('[data-shortcut="f"]');
          break;
        case 'r':
          document.querySelector<HTMLTextAreaElement>('#reason')?.focus();
          break;
        case '/':
          document.querySelector<HTMLInputElement>('#moderation-q')?.focus();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    setShortcutsReady(true);
    return () => document.removeEventListener('keydown', onKey);
  }, [items, navigate, query, selectedIndex]);

  // The highlighted item is scrolled into view (the notification's link lands on it).
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, []);

  // After a decision the page stays where its form was (preventScrollReset), perhaps below a queue that got shorter:
  // its message (root's flash, `#statut`) is brought into view and focused. Without JavaScript the browser does it.
  const location = useLocation();
  // Each arrival (a navigation's own key), as the second decision lands on the same `#statut`.
  const statusArrival = location.hash === '#statut' ? location.key : null;
  useEffect(() => {
    if (!statusArrival) return;
    const status = document.getElementById('statut');
    status?.scrollIntoView({ block: 'start' });
    status?.focus({ preventScroll: true });
  }, [statusArrival]);

  return (
    <AdminShell
      title="Modération des événements"
      lead={`${loaded.awaiting} événement${loaded.awaiting > 1 ? 's' : ''} en attente de modération (nouveaux ou modifiés).`}
    >
      <div className="admin-toolbar">
        <nav aria-label="Statut" className="moderation-tabs">
          {STATUS_TABS.map((tab) => {
            const count =
              tab.value === 'all'
                ? Object.values(counts).reduce((a, b) => a + b, 0)
                : tab.value === 'pending'
                  ? loaded.awaiting
                  : counts[tab.value];
            return (
              <Link
                key={tab.value}
                to={`/admin/events?${listParams({ status: tab.value, q: query.q, page: 1 })}`}
                aria-current={query.status === tab.value ? 'page' : undefined}
                className="moderation-tab"
              >
                {/* Its count apart from its name, seen and heard (« Publiés, 104 », never « Publiés104 »: issue 70). */}
                {tab.label}
                <span className="moderation-tab__count">
                  <span className="visually-hidden">, </span>
                  {count}
                </span>
              </Link>
            );
          })}
          {/* Not a status: the log's publications without moderation, reviewed after the fact (issue 21). */}
          <Link to="/admin/publications" className="moderation-tab">
            Publiés sans modération
          </Link>
        </nav>
        <Form method="get" role="search" className="moderation-search">
          <input type="hidden" name="status" value={query.status} />
          <label htmlFor="moderation-q">Rechercher (titre, lieu, organisateur ou email)</label>
          <input id="moderation-q" type="search" name="q" defaultValue={query.q} maxLength={500} />
          <button type="submit" className="button">
            Rechercher
          </button>
        </Form>
      </div>
      {loaded.searchError ? (
        <p className="notice notice--error" role="alert">
          {loaded.searchError}
        </p>
      ) : null}
      {loaded.missing ? (
        <p className="notice notice--warning" role="alert" data-testid="moderation-missing">
          Cet événement n’existe pas (ou plus).
        </p>
      ) : null}
      <p className="keyboard-help" data-ready={shortcutsReady ? '' : undefined}>
        Raccourcis clavier : <kbd>J</kbd>/<kbd>K</kbd> suivant/précédent, <kbd>A</kbd> approuver, <kbd>R</kbd> motif du
        refus, <kbd>F</kbd> mettre en avant, <kbd>/</kbd> rechercher.
      </p>
      <div className="moderation">
        <section className="moderation__queue" aria-labelledby="queue-title">
          <h2 id="queue-title" className="visually-hidden">
            Liste
          </h2>
          <p className="moderation__count" data-testid="moderation-count">
            {listCount(total, query.status)}
          </p>
          {query.status === 'pending' && total === 0 && !query.q ? (
            <p className="empty-state">La file est vide : tout est modéré. Bravo !</p>
          ) : null}
          <ol className="moderation__list" ref={listRef}>
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/admin/events?${listParams(query, { eventId: item.id })}`}
                  preventScrollReset
                  className={`moderation-item${selected?.id === item.id ? ' is-selected' : ''}`}
                  aria-current={selected?.id === item.id ? 'true' : undefined}
                  data-testid={`moderation-item-${item.id}`}
                >
                  <strong>{item.title}</strong>
                  <small>
                    {item.short} · {item.city}
                    {item.organizerName ? ` · ${item.organizerName}` : ''}
                  </small>
                  <span className="moderation-item__chips">
                    {query.status === 'all' ? (
                      <span className={`status-chip status-chip--${item.status}`}>{STATUS_LABELS[item.status]}</span>
                    ) : null}
                    {item.revision ? (
                      <span className="status-chip status-chip--pending">Modification en attente</span>
                    ) : item.resubmitted ? (
                      <span className="status-chip">Modifié</span>
                    ) : null}
                    {item.featured ? <span className="status-chip">À la une</span> : null}
                    {item.startsSoon ? (
                      <span className="status-chip status-chip--soon" data-testid="moderation-starts-soon">
                        Commence bientôt
                      </span>
                    ) : null}
                    {item.status === 'pending' || item.revision ? (
                      <small>soumis le {formatDateTime(item.submittedAt)}</small>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {prev || next ? (
            <nav className="pagination" aria-label="Pages">
              {prev ? (
                <Link to={`/admin/events?${listParams({ ...query, page: query.page - 1, after: null, before: prev })}`}>
                  ‹ Précédente
                </Link>
              ) : null}
              <span>
                Page {query.page} sur {pages}
              </span>
              {next ? (
                <Link to={`/admin/events?${listParams({ ...query, page: query.page + 1, after: next, before: null })}`}>
                  Suivante ›
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
        {selected ? (
          <Decision
            key={selected.id}
            loaded={loaded}
            next={items[selectedIndex + 1]?.id ?? items[selectedIndex - 1]?.id ?? ''}
          />
        ) : null}
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Modération des événements',
    description: 'Modération des événements — Agenda romand.',
    path: '/admin/events',
    matches,
  });
