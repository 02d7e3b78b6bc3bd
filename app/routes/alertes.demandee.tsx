// After asking for an alert: the same words whatever the address already has (decision 048).
import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { ALERT_REQUESTED_MESSAGE } from '~/domain/alert-texts';
import { pageMeta } from '~/domain/meta';

export default function AlertRequestedPage() {
  return (
    <div className="page page--narrow">
      <div className="notice notice--success" role="status" data-testid="alert-requested">
        <h1>Vérifiez votre boîte email</h1>
        <p>{ALERT_REQUESTED_MESSAGE}</p>
      </div>
      <p>
        <Link to="/evenements" className="link-target">
          Retour aux événements
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Vérifiez votre boîte email',
    description: 'Confirmez votre alerte par le lien reçu par email.',
    path: '/alertes/demandee',
    matches,
  });
