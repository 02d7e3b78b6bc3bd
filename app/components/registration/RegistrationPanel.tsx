// « Inscription » on an event's page (issue 73, decision 168): the places left in words, and the visitor's form, a
// plain form posted to /evenement/:id/inscription: the same without JavaScript; refused, that page shows it again
// with its message and what was typed.
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { REGISTRATION_LIMITS } from '~/domain/registration';

export interface RegistrationPanelView {
  startsAt: string;
  text: string;
  kind: string;
  open: boolean;
  perPerson: number;
  questions: string[];
}

/** What was typed, and the message of a refusal, when the form comes back. */
export interface RegistrationTyped {
  values?: Record<string, string>;
  error?: { field: string; message: string } | null;
}

/** « 12 places », « Plus que 3 places », « Complet — liste d’attente », « Inscriptions closes ». */
export function RegistrationBadge({ text, kind }: { text: string; kind: string }) {
  const tone = kind === 'open' || kind === 'few' ? '' : 'chip--muted';
  return (
    <span className={`chip ${tone}`} data-testid="registration-places">
      {text}
    </span>
  );
}

export function RegistrationPanel({
  eventId,
  view,
  typed,
}: {
  eventId: string;
  view: RegistrationPanelView;
  typed?: RegistrationTyped;
}) {
  const values = typed?.values ?? {};
  const error = typed?.error ?? null;
  const errorOf = (field: string) =>
    error?.field === field ? (
      <span className="field__error" id={`inscription-${field}-error`} role="alert">
        {error.message}
      </span>
    ) : null;
  const invalid = (field: string) =>
    error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `inscription-${field}-error` } : {};
  return (
    <section className="registration card" aria-labelledby="registration-title" id="inscription">
      <h2 id="registration-title">
        Inscription <RegistrationBadge text={view.text} kind={view.kind} />
      </h2>
      {view.open ? (
        <Form method="post" action={`/evenement/${eventId}/inscription`} className="form registration__form">
          <FormSecurity />
          <input type="hidden" name="startsAt" value={view.startsAt} />
          {error?.field === 'form' ? (
            <p className="notice notice--error" role="alert">
              {error.message}
            </p>
          ) : null}
          {view.kind === 'waiting-list' ? (
            <p className="notice">Cette date est complète&#8239;: vous serez inscrit·e sur la liste d’attente.</p>
          ) : null}
          <label className="field">
            <span>Votre nom</span>
            <input
              name="name"
              autoComplete="name"
              required
              maxLength={REGISTRATION_LIMITS.name.max}
              defaultValue={values.name ?? ''}
              {...invalid('name')}
            />
            {errorOf('name')}
          </label>
          <label className="field">
            <span>Votre adresse email</span>
            <input
              type="email"
              name="email"
              autoComplete="email"
              required
              maxLength={REGISTRATION_LIMITS.email.max}
              defaultValue={values.email ?? ''}
              {...invalid('email')}
            />
            {errorOf('email')}
          </label>
          <label className="field">
            <span>Nombre de personnes (au plus {view.perPerson})</span>
            <input
              type="number"
              name="people"
              inputMode="numeric"
              min={1}
              max={view.perPerson}
              required
              defaultValue={values.people ?? '1'}
              {...invalid('people')}
            />
            {errorOf('people')}
          </label>
          {view.questions.map((question, i) => (
            <label className="field" key={question}>
              <span>{question}</span>
              <input
                name={`answer${i}`}
                maxLength={REGISTRATION_LIMITS.answer.max}
                defaultValue={values[`answer${i}`] ?? ''}
                {...invalid(`answer${i}`)}
              />
              {errorOf(`answer${i}`)}
            </label>
          ))}
          <button type="submit" className="button button--primary">
            {view.kind === 'waiting-list' ? 'M’inscrire sur la liste d’attente' : 'M’inscrire'}
          </button>
          <p className="field__hint">
            Vos coordonnées ne vont qu’à l’organisateur et sont effacées 30&nbsp;jours après la date.
          </p>
        </Form>
      ) : null}
    </section>
  );
}
