// The organizer's dashboard, shared by /dashboard and /organizer/dashboard (SPEC §2: same screen).
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { pageMeta } from '~/domain/meta';
import type { dashboardLoader } from './dashboard.server';

export const dashboardMeta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Tableau de bord', description: 'Vos événements sur Agenda romand.', path: '/dashboard', matches });

export function DashboardScreen() {
  const user = useLoaderData<typeof dashboardLoader>();
  return (
    <div className="page">
      <header className="page-header">
        <h1>Tableau de bord</h1>
        <p className="lead">Bonjour {user.displayName} !</p>
      </header>
      {!user.emailVerified ? (
        <div className="notice notice--warning" data-testid="unverified-banner">
          <p>Votre adresse email n’est pas encore vérifiée : cliquez sur le lien reçu par email.</p>
          <Form method="post" action="/auth/verify-email">
            <FormSecurity />
            <button type="submit" className="link-button">
              Renvoyer l’email de vérification
            </button>
          </Form>
        </div>
      ) : null}
      <div className="card-grid">
        <Link to="/organizer/submit-event" className="card card--link">
          <h2>Ajouter un événement</h2>
          <p>Publiez un concert, un marché, une fête… Il sera visible après modération.</p>
        </Link>
        <Link to="/organizer/profile" className="card card--link">
          <h2>Mon profil</h2>
          <p>{user.email}</p>
        </Link>
        {user.role === 'admin' ? (
          <Link to="/admin" className="card card--link">
            <h2>Panneau Admin</h2>
            <p>Modération, catégories, partenaires et utilisateurs.</p>
          </Link>
        ) : null}
      </div>
    </div>
  );
}
