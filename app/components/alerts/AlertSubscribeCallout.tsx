// The block « Recevoir ces événements par email » (decision 048) around either form, the full one (AlertSubscribeForm)
// or the light one of the list page (AlertSubscribeLite): its title, what it sends, and the submit button. Nothing here
// may pull the form library: the list page loads this module.
import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ALERT_ACTION } from '~/domain/alert-rhythms';

export function AlertSubscribeCallout({ description, children }: { description: string; children: ReactNode }) {
  return (
    <section className="callout alert-subscribe" aria-labelledby="alerte-titre" data-testid="alert-subscribe">
      <h2 id="alerte-titre">Recevoir ces événements par email</h2>
      <p>
        Les nouveaux événements de cette sélection ({description}), sans créer de compte. Un lien dans chaque email
        suffit pour vous désabonner.
      </p>
      {children}
    </section>
  );
}

/** « Recevoir l’alerte », disabled while the request is on its way. */
export function AlertSubscribeButton() {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === ALERT_ACTION;
  return (
    <button type="submit" className="button button--primary" disabled={submitting}>
      {submitting ? 'Envoi…' : 'Recevoir l’alerte'}
    </button>
  );
}
