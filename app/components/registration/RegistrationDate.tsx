// One date on the organizer's page of registrations (decision 168): its settings form (open or change), close or
// reopen, those registered, the CSV export and a message to them. Plain forms, the same without JavaScript.
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { formatDateTime, zurichWallClock } from '~/domain/dates';
import {
  availabilityOf,
  availabilityText,
  REGISTRATION_LIMITS,
  type Registration,
  type RegistrationOpening,
} from '~/domain/registration';

interface Typed {
  intent: string;
  values: Record<string, string>;
  error: { field: string; message: string } | null;
}

const STATUS: Record<Registration['status'], string> = {
  confirmed: 'confirmée',
  waiting: 'liste d’attente',
  cancelled: 'annulée',
};

function localInput(iso: string | null): string {
  if (!iso) return '';
  const { date, time } = zurichWallClock(iso);
  return `${date}T${time}`;
}

export function RegistrationDate({
  eventId,
  date,
  typed,
}: {
  eventId: string;
  date: { startsAt: string; opening: RegistrationOpening | null; registrations: Registration[] };
  typed?: Typed;
}) {
  const { startsAt, opening } = date;
  const kept = typed?.values ?? {};
  const value = (name: string, fallback: string) => kept[name] ?? fallback;
  const error = typed?.error ?? null;
  const errorOf = (field: string, intent: string) =>
    error && typed?.intent === intent && (error.field === field || (field === 'form' && error.field === 'startsAt')) ? (
      <span className="field__error" role="alert">
        {error.message}
      </span>
    ) : null;
  const active = date.registrations.filter((r) => r.status !== 'cancelled');
  const id = `date-${startsAt.replace(/\W/g, '')}`;
  return (
    <section className="card registration-date" aria-labelledby={id}>
      <h2 id={id}>
        {formatDateTime(startsAt)}
        {opening ? ` — ${availabilityText(availabilityOf(opening, new Date()))}` : ''}
      </h2>
      {opening ? (
        <p>
          {/* Counted in people, as the places are (an inscription may bring several). */}
          {opening.confirmed}&nbsp;{opening.confirmed > 1 ? 'places prises' : 'place prise'} sur {opening.places},{' '}
          {opening.waiting}&nbsp;{opening.waiting > 1 ? 'personnes' : 'personne'} en attente
          {opening.closed ? ' — fermées à la main' : ''}.
        </p>
      ) : null}
      <Form method="post" className="form">
        <FormSecurity />
        <input type="hidden" name="intent" value="ouvrir" />
        <input type="hidden" name="startsAt" value={startsAt} />
        {errorOf('form', 'ouvrir')}
        <label className="field">
          <span>Nombre de places</span>
          <input
            type="number"
            name="places"
            min={1}
            max={REGISTRATION_LIMITS.places.max}
            required
            defaultValue={value('places', String(opening?.places ?? ''))}
          />
          {errorOf('places', 'ouvrir')}
        </label>
        <label className="field">
          <span>Personnes par inscription, au plus</span>
          <input
            type="number"
            name="perPerson"
            min={1}
            max={REGISTRATION_LIMITS.perPerson.max}
            defaultValue={value('perPerson', String(opening?.perPerson ?? REGISTRATION_LIMITS.perPerson.default))}
          />
          {errorOf('perPerson', 'ouvrir')}
        </label>
        <label className="field">
          <span>Clôture des inscriptions (facultatif)</span>
          <input
            type="datetime-local"
            name="closesAt"
            defaultValue={value('closesAt', localInput(opening?.closesAt ?? null))}
          />
          {errorOf('closesAt', 'ouvrir')}
        </label>
        <label className="field field--check">
          <input
            type="checkbox"
            name="waitingList"
            defaultChecked={typed?.intent === 'ouvrir' ? kept.waitingList === 'on' : (opening?.waitingList ?? true)}
          />
          <span>Liste d’attente quand c’est complet</span>
        </label>
        {[0, 1, 2].map((i) => (
          <label className="field" key={i}>
            <span>Question {i + 1} aux inscrits (facultatif)</span>
            <input
              name={`question${i}`}
              maxLength={REGISTRATION_LIMITS.question.max}
              defaultValue={value(`question${i}`, opening?.questions[i] ?? '')}
            />
            {errorOf(`question${i}`, 'ouvrir')}
          </label>
        ))}
        <button type="submit" className="button button--primary">
          {opening ? 'Enregistrer' : 'Ouvrir les inscriptions'}
        </button>
      </Form>
      {opening ? (
        <>
          <Form method="post">
            <FormSecurity />
            <input type="hidden" name="startsAt" value={startsAt} />
            <button type="submit" name="intent" value={opening.closed ? 'rouvrir' : 'fermer'} className="button">
              {opening.closed ? 'Rouvrir les inscriptions' : 'Fermer les inscriptions'}
            </button>
          </Form>
          <h3>Inscrits</h3>
          {date.registrations.length === 0 ? (
            <p>Personne pour l’instant.</p>
          ) : (
            // Scrolled within its box on a phone, never the page (the walk of issue 73: 594 px wide at 390).
            <section
              className="registrations-scroll"
              aria-label={`Inscrits du ${formatDateTime(startsAt)}`}
              // A scrolled box takes the keyboard's focus, to scroll it.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
              tabIndex={0}
            >
              <table className="table" data-testid="registrations">
                <thead>
                  <tr>
                    <th>Nom</th>
                    <th>Email</th>
                    <th>Personnes</th>
                    <th>Statut</th>
                    {opening.questions.map((q) => (
                      <th key={q}>{q}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {date.registrations.map((r) => (
                    <tr key={r.id}>
                      <td>{r.name}</td>
                      <td>{r.email}</td>
                      <td>{r.people}</td>
                      <td>{STATUS[r.status]}</td>
                      {opening.questions.map((q, i) => (
                        <td key={q}>{r.answers[i] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <p>
            <a href={`/evenement/${eventId}/inscriptions.csv?date=${encodeURIComponent(startsAt)}`} download>
              Exporter la liste (CSV, pour un tableur)
            </a>
          </p>
          {active.length > 0 ? (
            <Form method="post" className="form">
              <FormSecurity />
              <input type="hidden" name="intent" value="ecrire" />
              <input type="hidden" name="startsAt" value={startsAt} />
              <label className="field">
                <span>
                  Écrire aux inscrits ({active.length}&nbsp;{active.length > 1 ? 'inscriptions' : 'inscription'},
                  confirmées et en attente)
                </span>
                <textarea
                  name="message"
                  required
                  minLength={REGISTRATION_LIMITS.message.min}
                  maxLength={REGISTRATION_LIMITS.message.max}
                  defaultValue={typed?.intent === 'ecrire' ? (kept.message ?? '') : ''}
                />
                {errorOf('message', 'ecrire')}
              </label>
              <button type="submit" className="button">
                Envoyer le message
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
