// The search of /admin/users: name or address, role and state, as a GET form (the list's URL says what it shows).
import { Form } from '@remix-run/react';
import { Link } from '~/components/Link';

export function UserSearch({ query }: { query: { q: string; role: string; state: string } }) {
  const filtered = Boolean(query.q) || query.role !== 'all' || query.state !== 'all';
  return (
    <Form method="get" role="search" className="admin-toolbar admin-users__search">
      <div className="field admin-users__q">
        <label htmlFor="users-q">Nom ou email</label>
        <input id="users-q" type="search" name="q" defaultValue={query.q} maxLength={500} />
      </div>
      <div className="field">
        <label htmlFor="users-role">Rôle</label>
        <select id="users-role" name="role" defaultValue={query.role}>
          <option value="all">Tous</option>
          <option value="organizer">Organisateurs</option>
          <option value="admin">Administrateurs</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="users-state">État</label>
        <select id="users-state" name="state" defaultValue={query.state}>
          <option value="all">Tous</option>
          <option value="active">Actifs</option>
          <option value="disabled">Désactivés</option>
        </select>
      </div>
      <button type="submit" className="button">
        Rechercher
      </button>
      {filtered ? (
        <Link to="/admin/users" className="admin-users__reset">
          Tout afficher
        </Link>
      ) : null}
    </Form>
  );
}
