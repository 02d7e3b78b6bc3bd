// One account in the list of /admin/users: who, role and state, verification, support, events, date and actions.
import { Link } from '~/components/Link';
import { formatNumericDate } from '~/domain/dates';
import { UserActions } from './UserActions';

const ROLE_LABELS = { admin: 'Administrateur', organizer: 'Organisateur' } as const;

export interface AccountRow {
  uid: string;
  displayName: string;
  email: string;
  role: 'admin' | 'organizer';
  emailVerified: boolean;
  supported: boolean;
  disabled: boolean;
  trusted: boolean;
  eventCount: number;
  createdAt: string;
}

/**
 * What a cell holds, said before its value where the table's headings are not seen: a phone shows each account as a
 * card, its cells one under the other (issue 33 §15).
 */
function CellLabel({ children }: { children: string }) {
  return <span className="cell-label">{children}&nbsp;: </span>;
}

export function UserRow({
  user,
  self,
  busy,
  failed,
}: {
  user: AccountRow;
  /** The admin's own account. */
  self: boolean;
  /** An action on this account is under way. */
  busy: boolean;
  /** The last action on this account was refused. */
  failed: boolean;
}) {
  return (
    <tr
      data-testid={`user-${user.uid}`}
      className={[user.disabled ? 'admin-users__row--disabled' : '', failed ? 'admin-users__row--error' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <td>
        <strong>{user.displayName}</strong>
        {self ? <span className="admin-users__self"> (vous)</span> : null}
      </td>
      <td className="admin-users__email">{user.email}</td>
      <td>
        <CellLabel>Rôle</CellLabel>
        <span className={`admin-users__role admin-users__role--${user.role}`}>{ROLE_LABELS[user.role]}</span>
        {user.disabled ? <span className="admin-users__state">Désactivé</span> : null}
        {user.trusted ? <span className="admin-users__state">De confiance</span> : null}
      </td>
      <td>
        <CellLabel>Adresse</CellLabel>
        {user.emailVerified ? 'vérifiée' : 'non vérifiée'}
      </td>
      <td>
        <CellLabel>Soutien</CellLabel>
        {user.supported ? <span className="admin-users__supported">Soutien</span> : 'aucun don'}
      </td>
      <td>
        <CellLabel>Événements</CellLabel>
        {user.eventCount > 0 ? (
          <Link
            to={`/admin/events?status=all&q=${encodeURIComponent(user.email)}`}
            className="admin-users__events"
            aria-label={`${user.eventCount} événement${user.eventCount > 1 ? 's' : ''} de ${user.displayName}`}
          >
            {user.eventCount} événement{user.eventCount > 1 ? 's' : ''}
          </Link>
        ) : (
          'aucun'
        )}
      </td>
      <td>
        <CellLabel>Inscrit le</CellLabel>
        <time dateTime={user.createdAt}>{formatNumericDate(user.createdAt)}</time>
      </td>
      <td>
        <UserActions user={user} self={self} busy={busy} />
      </td>
    </tr>
  );
}
