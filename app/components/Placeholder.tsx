// A screen whose content arrives in a later issue; the route, its guard and its title are already real.
import { Link } from '@remix-run/react';

export function Placeholder({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {children}
      <p className="notice">Cet écran est en cours de construction. Revenez bientôt !</p>
      <p>
        <Link to="/evenements">Voir les événements</Link>
      </p>
    </div>
  );
}
