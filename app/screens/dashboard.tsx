// The organizer's dashboard, shared by /dashboard and /organizer/dashboard (SPEC §2: same screen).
import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
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
        <p className="notice notice--warning">Votre adresse email n’est pas encore vérifiée.</p>
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
