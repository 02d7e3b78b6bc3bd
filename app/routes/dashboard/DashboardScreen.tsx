// The organizer's dashboard screen (route.tsx beside it).
import { Form, useLoaderData } from '@remix-run/react';
import { ConfirmAction, ConfirmPanel } from '~/components/ConfirmAction';
import { DateCancelControl, DateCancelDialog } from '~/components/DateCancel';
import { DayStatusForm, DayStatusLine } from '~/components/day-status/DayStatusPanel';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { SupporterBadge } from '~/components/SupporterBadge';
import { formatEventShort } from '~/domain/event-dates';
import type { loader } from './route';

type Item = ReturnType<typeof useLoaderData<typeof loader>>['groups']['pending'][number];

const GROUPS = [
  ['pending', 'En attente de modération'],
  ['approved', 'Publiés'],
  ['rejected', 'Refusés'],
  ['cancelled', 'Annulés'],
  ['withdrawn', 'Retirés avant publication'],
  ['past', 'Passés'],
] as const;

/** The confirmation of « Annuler l’événement »: what happens to this event, and that it can be undone. */
function cancelConfirmation(event: Item) {
  return {
    title: `Annuler « ${event.title} » ?`,
    children:
      event.cancelsTo === 'cancelled' ? (
        <p>
          L’événement restera visible dans l’agenda avec la mention « Annulé », pour prévenir le public qui l’avait
          repéré. Vous pourrez le rétablir depuis votre tableau de bord.
        </p>
      ) : (
        <p>
          L’événement n’a pas encore été publié : il sera retiré de la modération et ne sera pas publié. Vous pourrez le
          rétablir depuis votre tableau de bord.
        </p>
      ),
    form: (
      <Form method="post">
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="eventId" value={event.id} />
        <input type="hidden" name="confirm" value="oui" />
        <button type="submit" className="button button--danger">
          Oui, annuler l’événement
        </button>
      </Form>
    ),
  };
}

/** How many coming dates the dashboard lists; the event's page has them all, each with its button. */
const LISTED_DATES = 26;

/** A series' coming dates, each cancelled (or restored) on its own, without moderation (decision 068). */
function SeriesDates({ event }: { event: Item }) {
  const cancelled = event.dates.filter((d) => d.cancelled).length;
  const more = event.dates.length - LISTED_DATES;
  return (
    <details className="series-dates" id={`dates-${event.id}`} open={event.datesOpen} data-testid="series-dates">
      <summary>
        Dates à venir ({event.dates.length}
        {cancelled ? `, dont ${cancelled} annulée${cancelled > 1 ? 's' : ''}` : ''})
      </summary>
      <p className="field__hint">
        Une date annulée reste affichée «&nbsp;Annulé&nbsp;», sans nouvelle modération. Pour ajouter ou déplacer des
        dates, modifiez l’événement.
      </p>
      <DateCancelDialog eventId={event.id} back="tableau-de-bord">
        <ul className="series-dates__list">
          {event.dates.slice(0, LISTED_DATES).map((date) => (
            <li key={date.startsAt} data-testid="series-date">
              <span className={date.cancelled ? 'series-dates__off' : undefined}>
                {date.short}
                {date.cancelled ? <span className="tag tag--danger">Annulé</span> : null}
              </span>
              <DateCancelControl date={date} short />
            </li>
          ))}
        </ul>
      </DateCancelDialog>
      {more > 0 ? (
        <p>
          <Link to={`/evenement/${event.id}`}>Les {more} dates suivantes, sur la page de l’événement</Link>
        </p>
      ) : null}
    </details>
  );
}

/**
 * « Ça a lieu ? » for the dates of today and tomorrow (issue 70), « selon la météo » first: the same form as the event's
 * page, one tap.
 */
function TodayStatuses({ today }: { today: ReturnType<typeof useLoaderData<typeof loader>>['today'] }) {
  if (today.length === 0) return null;
  const tomorrow = today.some((d) => d.tomorrows);
  const heading = today.every((d) => d.tomorrows) ? 'Demain' : tomorrow ? 'Aujourd’hui et demain' : 'Aujourd’hui';
  return (
    <section className="dashboard-today" aria-labelledby="group-today" data-testid="dashboard-today">
      <h2 id="group-today">{heading}</h2>
      {today.map((date) => (
        <div key={`${date.id}-${date.startsAt}`} className="dashboard-today__event" data-testid={`today-${date.id}`}>
          <p>
            <Link to={`/evenement/${date.id}`} className="dashboard-item__title">
              {date.title}
            </Link>
            {date.tomorrows ? <span className="tag">Demain</span> : null}
            {date.weatherDependent ? <span className="tag">Selon la météo</span> : null}
          </p>
          <DayStatusLine view={date} />
          <DayStatusForm
            eventId={date.id}
            startsAt={date.startsAt}
            back="tableau-de-bord"
            cancelled={date.kind === 'cancelled'}
          />
        </div>
      ))}
    </section>
  );
}

function EventRow({ event, group }: { event: Item; group: (typeof GROUPS)[number][0] }) {
  return (
    <li className="dashboard-item" data-testid={`event-${event.id}`}>
      <div>
        <Link to={`/evenement/${event.id}`} className="dashboard-item__title">
          {event.title}
        </Link>
        <br />
        <small>
          {/* A series as the public list says it (« Chaque samedi · 07:30 · 26 dates »), not a span of months. */}
          {event.series?.text ?? formatEventShort(event)} · {event.city}
        </small>
        {event.pendingRevision ? (
          <p className="revision-note" data-testid="revision-note">
            Modification en attente de modération : la version publiée reste visible jusqu’à la décision.
          </p>
        ) : null}
        {event.rejectionReason && (group === 'rejected' || group === 'withdrawn') ? (
          <p className="rejection">Motif du refus : {event.rejectionReason}</p>
        ) : null}
        {event.cancelledByAdmin ? (
          <p className="revision-note" data-testid="cancelled-by-admin">
            Annulé par l’équipe d’Agenda romand&nbsp;: seul un admin peut le rétablir.
          </p>
        ) : null}
        {event.heldForModeration ? (
          <p className="revision-note" data-testid="held-for-moderation">
            Refusé ou retiré par un admin&nbsp;: vos modifications passent par la modération jusqu’à sa prochaine
            approbation.
          </p>
        ) : null}
        {event.rejectionReason && (group === 'approved' || group === 'cancelled') ? (
          <p className="rejection">Votre dernière modification n’a pas été publiée. Motif : {event.rejectionReason}</p>
        ) : null}
        {event.dates.length > 0 ? <SeriesDates event={event} /> : null}
      </div>
      <div className="dashboard-item__actions">
        {group !== 'past' ? (
          <Link to={`/organizer/edit-event/${event.id}`} className="button">
            Modifier
          </Link>
        ) : null}
        <Link to={`/organizer/submit-event?copie=${event.id}`} className="button">
          Copier pour une nouvelle date
        </Link>
        {group !== 'past' ? (
          <Link to={`/evenement/${event.id}/inscriptions`} className="button">
            Inscriptions
          </Link>
        ) : null}
        {group === 'approved' || group === 'cancelled' || group === 'past' ? (
          <Link to={`/evenement/${event.id}/chiffres`} className="button">
            Chiffres
          </Link>
        ) : null}
        {event.canUndo && group !== 'past' ? (
          <Form method="post">
            <FormSecurity honeypot={false} />
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="eventId" value={event.id} />
            <button type="submit" className="button">
              Rétablir
            </button>
          </Form>
        ) : null}
        {event.canCancel && group !== 'past' ? (
          <ConfirmAction href={`?annuler=${event.id}`} label="Annuler l’événement" {...cancelConfirmation(event)} />
        ) : null}
      </div>
    </li>
  );
}

export function DashboardScreen() {
  const { user, groups, confirmCancel, today } = useLoaderData<typeof loader>();
  const total = Object.values(groups).reduce((n, g) => n + g.length, 0);
  return (
    <div className="page">
      <header className="page-header">
        <h1>Tableau de bord</h1>
        <p className="lead">
          Bonjour {user.displayName} ({user.email}) !{user.supported ? ' Merci pour votre soutien.' : ''}
        </p>
        {user.supported ? <SupporterBadge /> : null}
      </header>
      {confirmCancel ? <ConfirmPanel back="/dashboard" {...cancelConfirmation(confirmCancel)} /> : null}
      <TodayStatuses today={today} />
      {!user.emailVerified ? (
        <div className="notice notice--warning" data-testid="unverified-banner">
          <p>Votre adresse email n’est pas encore vérifiée : cliquez sur le lien reçu par email.</p>
          <Form method="post" action="/auth/verify-email">
            <FormSecurity />
            <button type="submit" className="link-button">
              Renvoyer l’email de vérification
            </button>
          </Form>
        </div>
      ) : null}
      <p className="actions">
        <Link to="/organizer/submit-event" className="button button--primary">
          Ajouter un événement
        </Link>
        <Link to="/organizer/profile" className="button">
          Mon profil
        </Link>
        <Link to="/organizer/organisateur" className="button">
          Profil de l’organisateur
        </Link>
        {user.inOrganization ? (
          <Link to="/organizer/membres" className="button">
            Membres de l’organisation
          </Link>
        ) : null}
        {user.role === 'admin' ? (
          <Link to="/admin" className="button">
            Panneau Admin
          </Link>
        ) : null}
      </p>
      {total === 0 ? (
        <p className="empty-state">
          Vous n’avez encore publié aucun événement. Le premier ne prend que quelques minutes !
        </p>
      ) : null}
      {GROUPS.map(([key, label]) =>
        groups[key].length > 0 ? (
          <section key={key} className="dashboard-group" aria-labelledby={`group-${key}`}>
            <h2 id={`group-${key}`}>
              {label} ({groups[key].length})
            </h2>
            <ul className="dashboard-list">
              {groups[key].map((event) => (
                <EventRow key={event.id} event={event} group={key} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </div>
  );
}
