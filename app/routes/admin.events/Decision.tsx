// The decision panel of /admin/events: the chosen event shown whole, and the buttons the lifecycle allows.
import { Form, useActionData, type useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ConfirmAction, ConfirmPanel } from '~/components/ConfirmAction';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { formatDateTime } from '~/domain/dates';
import type { ModerationDecision } from '~/domain/moderation';
import { CONFIRM_DELETE_PARAM, MODERATION_ACTION_PAST } from '~/domain/moderation';
import { REJECTION_REASON_MAX, REJECTION_REASONS } from '~/domain/rejection-reasons';
import { EventPreview } from './EventPreview';
import { listParams, STATUS_LABELS } from './moderation-ui';
import { RevisionChanges } from './RevisionChanges';
import type { action, loader } from './route';

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** One decision: a POST of the event's hidden fields and the button's intent (its keyboard shortcut, if any). */
function DecisionForm({
  hidden,
  intent,
  busy,
  className = 'button',
  shortcut,
  children,
}: {
  hidden: ReactNode;
  intent: ModerationDecision;
  busy: boolean;
  className?: string;
  shortcut?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      {hidden}
      <button type="submit" name="intent" value={intent} className={className} data-shortcut={shortcut} disabled={busy}>
        {children}
      </button>
    </Form>
  );
}

export function Decision({ loaded, next }: { loaded: LoaderData; next: string }) {
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
      <DecisionForm hidden={hidden} intent="delete" busy={busy} className="button button--danger">
        Oui, supprimer définitivement
      </DecisionForm>
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
          <DecisionForm hidden={hidden} intent="approve" busy={busy} className="button button--primary" shortcut="a">
            {isRevision ? 'Approuver la modification' : 'Approuver'}
          </DecisionForm>
        ) : null}
        {can('feature') || can('unfeature') ? (
          <DecisionForm hidden={hidden} intent={can('feature') ? 'feature' : 'unfeature'} busy={busy} shortcut="f">
            {can('feature') ? 'Mettre en avant' : 'Retirer de la une'}
          </DecisionForm>
        ) : null}
        {can('unpublish') ? (
          <DecisionForm hidden={hidden} intent="unpublish" busy={busy}>
            Dépublier (remettre en attente)
          </DecisionForm>
        ) : null}
        {can('cancel') ? (
          <DecisionForm hidden={hidden} intent="cancel" busy={busy}>
            Marquer comme annulé
          </DecisionForm>
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
          <RevisionChanges changes={event.revision ?? []} />
          <p>Ci-dessous, l’événement tel qu’il sera publié si vous approuvez la modification.</p>
        </section>
      ) : null}
      {can('reject') ? (
        <Form method="post" className="moderation__reject" preventScrollReset>
          {hidden}
          <label htmlFor="reason-preset">Motif fréquent</label>
          <select
            id="reason-preset"
            name="reasonPreset"
            defaultValue=""
            aria-describedby="reason-preset-hint"
            onChange={(change) => {
              // With JavaScript the text goes into the field, to be completed or edited there.
              const select = change.currentTarget;
              const text = REJECTION_REASONS.find((r) => r.id === select.value)?.text;
              const field = select.form?.elements.namedItem('reason');
              if (!text || !(field instanceof HTMLTextAreaElement)) return;
              field.value = field.value.trim() ? `${field.value.trim()} ${text}` : text;
              select.value = '';
              field.focus();
            }}
          >
            <option value="">{'Aucun\u00a0: j’écris le motif'}</option>
            {REJECTION_REASONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
          <p className="field__hint" id="reason-preset-hint">
            Le motif choisi s’ajoute au texte ci-dessous, que vous pouvez compléter.
          </p>
          <label htmlFor="reason">
            {isRevision
              ? 'Motif du refus de la modification (envoyé à l’organisateur)'
              : 'Motif du refus (envoyé à l’organisateur)'}
          </label>
          <textarea
            id="reason"
            name="reason"
            rows={3}
            maxLength={REJECTION_REASON_MAX}
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

      <EventPreview event={event} />

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
        {decision.organization ? <OnBehalf organization={decision.organization} /> : null}
      </section>

      <section data-testid="moderation-history">
        <h3>Historique</h3>
        {decision.history.length === 0 ? (
          <p>Aucune décision ni modification journalisée pour l’instant.</p>
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

/**
 * « Au nom de » (issue 73): the organization the event speaks for, whether its submitter is one of its members and with
 * which role, and who else sees and edits it.
 */
function OnBehalf({
  organization,
}: {
  organization: {
    name: string;
    slug: string;
    submitterRole: string | null;
    members: { role: string; name: string }[];
    others: number;
  };
}) {
  return (
    <p data-testid="moderation-organization">
      Au nom de <Link to={`/organisateurs/${organization.slug}`}>{organization.name}</Link>
      {organization.submitterRole
        ? `, proposé par un de ses membres (${organization.submitterRole})`
        : ', proposé par un compte qui n’en est pas membre'}
      . Ses membres voient et modifient l’événement&nbsp;:{' '}
      {organization.members.map((m) => `${m.name} (${m.role})`).join(', ')}
      {organization.others > 0 ? ` et ${organization.others}\u00a0autres` : ''}.
    </p>
  );
}
