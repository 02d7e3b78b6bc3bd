// « Recevoir ces événements par email » under a filtered list (decision 048), without the form library: the list stays
// within its JavaScript budget. The server checks the request; a refused one comes back on /alertes/nouvelle with its
// messages and what was typed (AlertSubscribeForm). It answers a redirect: the cached list never sets a cookie.
import { Form, useNavigation } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { ChoiceSelect } from '~/components/form/ChoiceSelect';
import { ALERT_ACTION, ALERT_RHYTHMS } from '~/domain/alert-rhythms';
import { AlertSubscribeSection } from './AlertSubscribeSection';

export function AlertSubscribeLite({ filter, description }: { filter: string; description: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === ALERT_ACTION;
  return (
    <AlertSubscribeSection description={description}>
      <Form method="post" action={ALERT_ACTION} className="form" noValidate>
        <FormSecurity />
        <input type="hidden" name="filtre" value={filter} />
        <div className="field">
          <label htmlFor="alerte-email">Votre adresse email</label>
          <input id="alerte-email" name="email" type="email" autoComplete="email" required />
        </div>
        <ChoiceSelect id="alerte-rythme" name="rythme" label="Quand" choices={ALERT_RHYTHMS} defaultValue="weekly" />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Envoi…' : 'Recevoir l’alerte'}
        </button>
      </Form>
    </AlertSubscribeSection>
  );
}
