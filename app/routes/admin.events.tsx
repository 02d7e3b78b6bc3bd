// /admin/events (ModerateEvents): the queue, oldest first, with everything needed to decide on one event,
// and the decisions. Every action is a plain form (works without JavaScript); with it, keyboard shortcuts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { AdminError, requireAdminAction } from '~/.server/admin/guard';
import { moderateEvent, moderationCase, moderationList, parseModerationQuery } from '~/.server/admin/moderation';
import { getConfig } from '~/.server/config';
import { setFlash } from '~/.server/flash';
import { getLiveHub } from '~/.server/live';
import { getMailer } from '~/.server/mail/mailer';
import { requireAdmin } from '~/.server/session';
import { getStore } from '~/.server/store';
import { AdminShell, adminLinks } from '~/components/AdminShell';
import { ConfirmAction, ConfirmPanel } from '~/components/ConfirmAction';
import { FormSecurity } from '~/components/FormSecurity';
import { CANTON_NAMES } from '~/domain/cantons';
import { formatDateTime } from '~/domain/dates';
import type { AgendaEvent, EventStatus } from '~/domain/event';
import { formatEventShort, formatEventWhen } from '~/domain/event-dates';
import { describeChanges, fieldLabel } from '~/domain/event-diff';
import { awaitsModeration, workingView } from '~/domain/event-lifecycle';
import { imageSrcSet, imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import type { ModerationDecision } from '~/domain/moderation';
import { MODERATION_ACTION_PAST } from '~/domain/moderation';
import { formatPrice } from '~/domain/price';

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Modération des événements',
    description: 'Modération des événements — Agenda romand.',
    path: '/admin/events',
    matches,
  });

/** The tabs; « En attente » is the queue: pending events and published ones with a pending revision. */
const STATUS_TABS: { value: EventStatus | 'all'; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'approved', label: 'Publiés' },
  { value: 'rejected', label: 'Refusés' },
  { value: 'cancelled', label: 'Annulés' },
  { value: 'withdrawn', label: 'Retirés' },
  { value: 'all', label: 'Tous' },
];

const STATUS_LABELS: Record<EventStatus, string> = {
  pending: 'En attente',
  approved: 'Publié',
  rejected: 'Refusé',
  cancelled: 'Annulé',
  withdrawn: 'Retiré par l’organisateur',
};

const ACTION_DONE: Record<ModerationDecision, (title: string, revision: boolean) => string> = {
  approve: (t, revision) =>
    revision
      ? `La modification de « ${t} » est publiée. L’organisateur en est informé par email.`
      : `« ${t} » est publié. L’organisateur en est informé par email.`,
  reject: (t, revision) =>
    revision
      ? `La modification de « ${t} » est refusée : la version publiée reste en ligne. L’organisateur a reçu le motif par email.`
      : `« ${t} » est refusé. L’organisateur a reçu le motif par email.`,
  feature: (t) => `« ${t} » est mis en avant.`,
  unfeature: (t) => `« ${t} » n’est plus mis en avant.`,
  unpublish: (t) => `« ${t} » est dépublié et revient en attente de modération.`,
  cancel: (t) => `« ${t} » est annulé : il reste visible avec la mention « Annulé ».`,
  delete: (t) => `« ${t} » est supprimé.`,
};

/** The parameter of the confirmation step of « Supprimer » (the page without JavaScript). */
const CONFIRM_DELETE_PARAM = 'supprimer';

/** Whether the list of this tab shows the event (the queue: what awaits moderation). */
function inTab(tab: EventStatus | 'all', event: Pick<AgendaEvent, 'status' | 'revision'>): boolean {
  return tab === 'all' || (tab === 'pending' ? awaitsModeration(event) : event.status === tab);
}

function listParams(query: { status: string; q: string; page: number }, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  params.set('status', query.status);
  if (query.q) params.set('q', query.q);
  if (query.page > 1) params.set('page', String(query.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** What the moderator sees of an event: its working copy (a pending revision applied) and what the revision changes. */
function previewOf(stored: AgendaEvent, categoryLabels: Map<string, string>) {
  const event = workingView(stored);
  const label = (slug: string) => categoryLabels.get(slug) ?? slug;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    status: event.status,
    featured: event.featured,
    rejectionReason: event.rejectionReason,
    category: categoryLabels.get(event.category) ?? event.category,
    when: formatEventWhen(event),
    startsAt: event.startsAt,
    place: [event.venueName, event.street, [event.postalCode, event.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    canton: CANTON_NAMES[event.canton],
    located: event.lat != null && event.lng != null,
    price: formatPrice(event),
    priceNote: event.priceNote,
    ticketUrl: event.ticketUrl,
    websiteUrl: event.websiteUrl,
    organizerName: event.organizerName,
    contactEmail: event.contactEmail,
    contactPhone: event.contactPhone,
    image: event.image,
    accessibility: [
      event.accessibility.wheelchair ? 'Accessible en fauteuil roulant' : null,
      event.accessibility.hearing ? 'Équipé pour les personnes malentendantes' : null,
      event.accessibility.familyFriendly ? 'Adapté aux familles' : null,
    ].filter((x): x is string => x !== null),
    changes: [...new Set((event.pendingChanges ?? []).map(fieldLabel))],
    /** A published event's pending revision: each change, published value beside the new one. */
    revision: stored.revision ? describeChanges(stored, stored.revision, label) : null,
    submittedAt: event.submittedAt,
    updatedAt: event.updatedAt,
    moderatedAt: event.moderatedAt,
    past: Date.parse(event.endsAt) < Date.now(),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const store = getStore();
  const url = new URL(request.url);
  const eventId = url.searchParams.get('eventId');
  const wanted = eventId ? await store.events.findById(eventId) : null;
  // ?eventId= alone (the notification's link) opens the list of that event's status, so it is highlighted there.
  const query = parseModerationQuery(
    url.searchParams,
    wanted && !url.searchParams.has('status') ? (awaitsModeration(wanted) ? 'pending' : wanted.status) : 'pending',
  );
  const [list, categories] = await Promise.all([moderationList(store, query), store.categories.list()]);
  const labels = new Map(categories.map((c) => [c.slug, c.label]));
  const selected = wanted ?? (eventId ? null : (list.items[0] ?? null));
  const decision = selected ? await moderationCase(store, selected) : null;
  return {
    query: { status: query.status, q: query.q, page: query.page },
    searchError: query.searchError,
    counts: list.counts,
    awaiting: list.awaiting,
    total: list.total,
    pageSize: 50,
    // As the moderator will decide on them: a pending revision applied.
    items: list.items.map(workingView).map((e) => ({
      id: e.id,
      title: e.title,
      status: e.status,
      featured: e.featured,
      city: e.city,
      short: formatEventShort(e),
      organizerName: e.organizerName,
      submittedAt: e.submittedAt,
      resubmitted: (e.pendingChanges ?? []).length > 0,
      revision: e.revision !== null,
    })),
    missing: Boolean(eventId && !wanted),
    selected: selected ? previewOf(selected, labels) : null,
    confirmDelete: Boolean(selected && url.searchParams.get(CONFIRM_DELETE_PARAM) === '1'),
    decision: decision
      ? {
          actions: decision.actions,
          owner: decision.owner
            ? {
                displayName: decision.owner.displayName,
                email: decision.owner.email,
                emailVerified: decision.owner.emailVerified,
                createdAt: decision.owner.createdAt,
                disabled: decision.owner.disabled,
              }
            : null,
          ownerCounts: decision.ownerCounts,
          history: decision.history.map((h) => ({
            id: h.id,
            action: h.action,
            adminName: h.adminName,
            reason: h.reason,
            createdAt: h.createdAt,
          })),
          duplicates: decision.duplicates.map((d) => ({ id: d.id, title: d.title, short: formatEventShort(d) })),
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, formData } = await requireAdminAction(request);
  const eventId = String(formData.get('eventId') ?? '');
  const intent = formData.get('intent');
  const returnQuery = parseModerationQuery(new URLSearchParams(String(formData.get('returnTo') ?? '')));
  const reason = String(formData.get('reason') ?? '');
  try {
    const { event, deleted, revision } = await moderateEvent(
      {
        store: getStore(),
        mailer: getMailer(),
        siteUrl: getConfig().SITE_URL,
        onChange: () => getLiveHub().poke(),
      },
      admin,
      { eventId, action: intent, reason, seen: String(formData.get('seen') ?? '') },
    );
    // A decision that takes the event out of the list shown moves on to the next one of the queue.
    const leaves = deleted || !inTab(returnQuery.status, event);
    const next = String(formData.get('next') ?? '');
    const target = leaves ? (/^[a-z0-9-]{1,64}$/i.test(next) ? next : null) : event.id;
    const done = ACTION_DONE[intent as ModerationDecision];
    const flash = await setFlash({ kind: 'success', message: done(workingView(event).title, revision) });
    const search = listParams(returnQuery, target ? { eventId: target } : {});
    return redirect(`/admin/events?${search}`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    return data(
      { message: error.message, field: error.field, eventId, intent: String(intent ?? ''), reason },
      { status: error.status },
    );
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ModerateEventsPage() {
  const loaded = useLoaderData<typeof loader>();
  const { query, counts, items, selected, total, pageSize } = loaded;
  const navigate = useNavigate();
  const selectedIndex = selected ? items.findIndex((i) => i.id === selected.id) : -1;
  const listRef = useRef<HTMLOListElement>(null);

  // Keyboard shortcuts (JS only): J/K next/previous, A approve, R reason, F feature, / search.
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
    return () => document.removeEventListener('keydown', onKey);
  }, [items, navigate, query, selectedIndex]);

  // The highlighted item is scrolled into view (the notification's link lands on it).
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, []);

  const pages = Math.max(1, Math.ceil(total / pageSize));
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
                {tab.label} <span className="moderation-tab__count">{count}</span>
              </Link>
            );
          })}
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
      <p className="keyboard-help">
        Raccourcis clavier : <kbd>J</kbd>/<kbd>K</kbd> suivant/précédent, <kbd>A</kbd> approuver, <kbd>R</kbd> motif du
        refus, <kbd>F</kbd> mettre en avant, <kbd>/</kbd> rechercher.
      </p>
      <div className="moderation">
        <section className="moderation__queue" aria-labelledby="queue-title">
          <h2 id="queue-title" className="visually-hidden">
            Liste
          </h2>
          <p className="moderation__count" data-testid="moderation-count">
            {total === 0
              ? 'Aucun événement ici.'
              : `${total} événement${total > 1 ? 's' : ''}${query.status === 'pending' ? ', le plus ancien en premier' : ''}`}
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
                    {item.status === 'pending' || item.revision ? (
                      <small>soumis le {formatDateTime(item.submittedAt)}</small>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {pages > 1 ? (
            <nav className="pagination" aria-label="Pages">
              {query.page > 1 ? (
                <Link to={`/admin/events?${listParams({ ...query, page: query.page - 1 })}`}>‹ Précédente</Link>
              ) : null}
              <span>
                Page {query.page} sur {pages}
              </span>
              {query.page < pages ? (
                <Link to={`/admin/events?${listParams({ ...query, page: query.page + 1 })}`}>Suivante ›</Link>
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

function Decision({ loaded, next }: { loaded: LoaderData; next: string }) {
  const event = loaded.selected as NonNullable<LoaderData['selected']>;
  const decision = loaded.decision as NonNullable<LoaderData['decision']>;
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const error = failed && failed.eventId === event.id ? failed : null;
  const returnTo = listParams(loaded.query);
  const hidden = (
    <>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="eventId" value={event.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="seen" value={event.updatedAt} />
    </>
  );
  const can = (action: ModerationDecision) => decision.actions.includes(action);
  const isRevision = event.revision !== null;
  const deletion = {
    title: `Supprimer « ${event.title} » ?`,
    children: (
      <p>
        L’événement disparaît du site et du tableau de bord de son organisateur ; seules les décisions de modération en
        gardent la trace. C’est définitif.
      </p>
    ),
    form: (
      <Form method="post" preventScrollReset>
        {hidden}
        <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
          Oui, supprimer définitivement
        </button>
      </Form>
    ),
  };
  return (
    <article
      className="moderation__detail"
      id="evenement-selectionne"
      data-testid="moderation-detail"
      aria-labelledby="detail-title"
    >
      <header>
        <p>
          <span className={`status-chip status-chip--${event.status}`} data-testid="detail-status">
            {STATUS_LABELS[event.status]}
          </span>{' '}
          {event.featured ? <span className="status-chip">À la une</span> : null}{' '}
          {event.past ? <span className="status-chip">Passé</span> : null}
        </p>
        <h2 id="detail-title">{event.title}</h2>
        <p className="lead">
          <time dateTime={event.startsAt}>{event.when}</time>
          <br />
          {event.place} ({event.canton})
        </p>
      </header>

      {error ? (
        <p className="notice notice--error" role="alert" data-testid="moderation-error">
          {error.message}
        </p>
      ) : null}
      {loaded.confirmDelete && can('delete') ? (
        <ConfirmPanel back={`/admin/events?${listParams(loaded.query, { eventId: event.id })}`} {...deletion} />
      ) : null}

      <div className="moderation__actions">
        {can('approve') ? (
          <Form method="post" preventScrollReset>
            {hidden}
            <button
              type="submit"
              name="intent"
              value="approve"
              className="button button--primary"
              data-shortcut="a"
              disabled={busy}
            >
              {isRevision ? 'Approuver la modification' : 'Approuver'}
            </button>
          </Form>
        ) : null}
        {can('feature') || can('unfeature') ? (
          <Form method="post" preventScrollReset>
            {hidden}
            <button
              type="submit"
              name="intent"
              value={can('feature') ? 'feature' : 'unfeature'}
              className="button"
              data-shortcut="f"
              disabled={busy}
            >
              {can('feature') ? 'Mettre en avant' : 'Retirer de la une'}
            </button>
          </Form>
        ) : null}
        {can('unpublish') ? (
          <Form method="post" preventScrollReset>
            {hidden}
            <button type="submit" name="intent" value="unpublish" className="button" disabled={busy}>
              Dépublier (remettre en attente)
            </button>
          </Form>
        ) : null}
        {can('cancel') ? (
          <Form method="post" preventScrollReset>
            {hidden}
            <button type="submit" name="intent" value="cancel" className="button" disabled={busy}>
              Marquer comme annulé
            </button>
          </Form>
        ) : null}
        <Link to={`/evenement/${event.id}`} className="button">
          Voir la page
        </Link>
        <Link to={`/organizer/edit-event/${event.id}`} className="button">
          Modifier
        </Link>
        {can('delete') ? (
          <ConfirmAction
            href={`/admin/events?${listParams(loaded.query, { eventId: event.id, [CONFIRM_DELETE_PARAM]: '1' })}`}
            label="Supprimer"
            {...deletion}
          />
        ) : null}
      </div>
      {isRevision ? (
        <section className="notice notice--warning" data-testid="moderation-revision">
          <h3>Modification en attente : la version publiée reste en ligne jusqu’à votre décision</h3>
          <table className="revision-diff">
            <thead>
              <tr>
                <th scope="col">Champ</th>
                <th scope="col">Version publiée</th>
                <th scope="col">Modification</th>
              </tr>
            </thead>
            <tbody>
              {(event.revision ?? []).map((change) => (
                <tr key={change.label}>
                  <th scope="row">{change.label}</th>
                  <td>{change.before}</td>
                  <td>{change.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>Ci-dessous, l’événement tel qu’il sera publié si vous approuvez la modification.</p>
        </section>
      ) : null}
      {can('reject') ? (
        <Form method="post" className="moderation__reject" preventScrollReset>
          {hidden}
          <label htmlFor="reason">
            {isRevision
              ? 'Motif du refus de la modification (envoyé à l’organisateur)'
              : 'Motif du refus (envoyé à l’organisateur)'}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            maxLength={1000}
            required
            defaultValue={error?.field === 'reason' ? error.reason : ''}
            aria-invalid={error?.field === 'reason' ? true : undefined}
            aria-describedby={error?.field === 'reason' ? 'reason-error' : undefined}
          />
          {error?.field === 'reason' ? (
            <p className="field__error" id="reason-error">
              {error.message}
            </p>
          ) : null}
          <button type="submit" name="intent" value="reject" className="button" disabled={busy}>
            {isRevision ? 'Refuser la modification' : 'Refuser'}
          </button>
        </Form>
      ) : null}
      {event.status === 'rejected' && event.rejectionReason ? (
        <p className="rejection">Motif du refus : {event.rejectionReason}</p>
      ) : null}

      {event.changes.length > 0 && !isRevision ? (
        <section className="notice notice--warning" data-testid="moderation-changes">
          <h3>Modifié par l’organisateur depuis la dernière modération</h3>
          <p>{event.changes.join(', ')}</p>
        </section>
      ) : null}
      {decision.duplicates.length > 0 ? (
        <section className="notice notice--warning" data-testid="moderation-duplicates">
          <h3>Doublons possibles (déjà publiés)</h3>
          <ul>
            {decision.duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/evenement/${d.id}`}>{d.title}</Link> · {d.short}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="moderation__preview">
        {event.image ? (
          <img
            src={imageUrl(event.image.path, 800)}
            srcSet={imageSrcSet(event.image.path)}
            sizes="(max-width: 900px) 100vw, 600px"
            width={event.image.width}
            height={event.image.height}
            alt={event.image.alt}
          />
        ) : (
          <p className="field__hint">Pas d’image.</p>
        )}
        <dl className="moderation__facts">
          <dt>Catégorie</dt>
          <dd>{event.category}</dd>
          <dt>Prix</dt>
          <dd>
            {event.price}
            {event.priceNote ? ` (${event.priceNote})` : ''}
          </dd>
          <dt>Organisateur affiché</dt>
          <dd>{event.organizerName || '—'}</dd>
          <dt>Contact</dt>
          <dd>{[event.contactEmail, event.contactPhone].filter(Boolean).join(' · ') || '—'}</dd>
          <dt>Billetterie</dt>
          <dd>
            {event.ticketUrl ? (
              <a href={event.ticketUrl} rel="noopener noreferrer nofollow" target="_blank">
                {event.ticketUrl}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>Site web</dt>
          <dd>
            {event.websiteUrl ? (
              <a href={event.websiteUrl} rel="noopener noreferrer nofollow" target="_blank">
                {event.websiteUrl}
              </a>
            ) : (
              '—'
            )}
          </dd>
          <dt>Accessibilité</dt>
          <dd>{event.accessibility.length ? event.accessibility.join(', ') : '—'}</dd>
          <dt>Carte</dt>
          <dd>{event.located ? 'Position indiquée' : 'Sans position (absent de la carte)'}</dd>
          <dt>Soumis le</dt>
          <dd>{formatDateTime(event.submittedAt)}</dd>
        </dl>
        <div className="moderation__description">
          {event.description.split(/\n{2,}/).map((paragraph, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text never move.
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      </div>

      <section data-testid="moderation-owner">
        <h3>Compte de l’organisateur</h3>
        {decision.owner ? (
          <p>
            {decision.owner.displayName} · {decision.owner.email}{' '}
            {decision.owner.emailVerified ? '(email vérifié)' : '(email non vérifié)'}
            {decision.owner.disabled ? ' · compte désactivé' : ''}
            <br />
            Inscrit le {formatDateTime(decision.owner.createdAt)}.{' '}
            {decision.ownerCounts
              ? `Historique : ${decision.ownerCounts.approved} publié(s), ${decision.ownerCounts.pending} en attente, ${decision.ownerCounts.rejected} refusé(s), ${decision.ownerCounts.cancelled} annulé(s), ${decision.ownerCounts.withdrawn} retiré(s).`
              : ''}{' '}
            <Link to={`/admin/events?status=all&q=${encodeURIComponent(decision.owner.email)}`}>
              Tous ses événements
            </Link>
          </p>
        ) : (
          <p>Événement sans compte (contenu importé ou compte supprimé).</p>
        )}
      </section>

      <section data-testid="moderation-history">
        <h3>Historique des décisions</h3>
        {decision.history.length === 0 ? (
          <p>Aucune décision pour l’instant.</p>
        ) : (
          <ul>
            {decision.history.map((h) => (
              <li key={h.id}>
                {formatDateTime(h.createdAt)} : {h.adminName} {MODERATION_ACTION_PAST[h.action]}
                {h.reason ? ` (« ${h.reason} »)` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
