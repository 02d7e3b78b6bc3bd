// The frame of « Recevoir ces événements par email », the same under a filtered list (the light form) and on
// /alertes/nouvelle (the full form, with its messages): title, what one receives, then the form posting to
// /alertes/nouvelle with the fields given, the filter it follows and its button.
import { Form, useNavigation } from '@remix-run/react';
import type { ComponentProps, ReactNode } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { ALERT_ACTION } from '~/domain/alert-rhythms';

export function AlertSubscribeSection({
  description,
  title = 'Recevoir ces événements par email',
  filter,
  summary,
  formProps,
  children,
}: {
  description: string;
  /** A venue's or an organizer's page says whose events (« Recevoir les événements de ce lieu par email »). */
  title?: string;
  /** The list's filter as its URL query (filtersToParams). */
  filter: string;
  /** The full form's error summary, above it. */
  summary?: ReactNode;
  /** The full form's props from useAppForm (its id and its check before sending). */
  formProps?: ComponentProps<typeof Form>;
  /** The fields: the email and « Quand ». */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === ALERT_ACTION;
  return (
    <section className="callout alert-subscribe" aria-labelledby="alerte-titre" data-testid="alert-subscribe">
      <h2 id="alerte-titre">{title}</h2>
      <p>
        Les nouveaux événements de cette sélection ({description}), sans créer de compte. Un lien dans chaque email
        suffit pour vous désabonner.
      </p>
      {summary}
      <Form method="post" action={ALERT_ACTION} className="form" noValidate {...formProps}>
        <FormSecurity />
        <input type="hidden" name="filtre" value={filter} />
        {children}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Envoi…' : 'Recevoir l’alerte'}
        </button>
      </Form>
    </section>
  );
}
