// /admin/users (ManageUsers): find an account, change its role, disable or enable it.
// Every action is a plain form (works without JavaScript); with it, a confirmation before the serious ones.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import {
  listUsers,
  parseUserQuery,
  setDisabled,
  setRole,
  setTrusted,
  USER_MESSAGES,
  type UserListQuery,
  userListParams,
} from '~/.server/accounts/admin-users';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { refusedAction } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import type { UserProfile } from '~/.server/ports';
import type { Services } from '~/.server/service-types';
import { AdminShell } from '~/components/AdminShell';
import { AdminTable } from '~/components/admin/AdminTable';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';
import { UserRow } from './UserRow';
import { UserSearch } from './UserSearch';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const query = parseUserQuery(new URL(request.url).searchParams);
  const list = await listUsers(context.services, query);
  const { page, pages } = list;
  return {
    query: { q: query.q, role: query.role, state: query.state, page, after: query.after, before: query.before },
    searchError: query.searchError,
    total: list.total,
    pages,
    previous: list.prev ? listHref({ ...query, page: page - 1, after: null, before: list.prev }) : null,
    next: list.next ? listHref({ ...query, page: page + 1, after: list.next, before: null }) : null,
    activeAdmins: list.activeAdmins,
    currentUid: admin.uid,
    users: list.items.map((u) => ({
      uid: u.uid,
      displayName: u.displayName,
      email: u.email,
      role: u.role,
      emailVerified: u.emailVerified,
      supported: u.supported,
      disabled: u.disabled,
      trusted: u.trusted,
      eventCount: u.eventCount,
      createdAt: u.createdAt,
    })),
  };
}

function listHref(query: UserListQuery): string {
  const search = userListParams(query);
  return `/admin/users${search ? `?${search}` : ''}`;
}

type Intent = 'promote' | 'demote' | 'disable' | 'enable' | 'trust' | 'untrust';

const INTENTS: Record<
  Intent,
  { run: (services: Services, admin: UserProfile, uid: string) => Promise<UserProfile>; done: (name: string) => string }
> = {
  promote: {
    run: (services, admin, uid) => setRole(services, admin, uid, 'admin'),
    done: (name) => `${name} a maintenant le rôle d’administrateur.`,
  },
  demote: {
    run: (services, admin, uid) => setRole(services, admin, uid, 'organizer'),
    done: (name) => `${name} a de nouveau le rôle d’organisateur.`,
  },
  disable: {
    run: (services, admin, uid) => setDisabled(services, admin, uid, true),
    done: (name) => `Le compte de ${name} est désactivé : ses sessions sont fermées et il ne peut plus se connecter.`,
  },
  enable: {
    run: (services, admin, uid) => setDisabled(services, admin, uid, false),
    done: (name) => `Le compte de ${name} est réactivé : il peut de nouveau se connecter.`,
  },
  trust: {
    run: (services, admin, uid) => setTrusted(services, admin, uid, true),
    done: (name) => `${name} publie désormais sans modération ; chaque publication est journalisée.`,
  },
  untrust: {
    run: (services, admin, uid) => setTrusted(services, admin, uid, false),
    done: (name) => `Les événements de ${name} passent de nouveau par la modération.`,
  },
};

const isIntent = (value: string): value is Intent => Object.hasOwn(INTENTS, value);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const uid = String(formData.get('uid') ?? '');
  const intent = String(formData.get('intent') ?? '');
  try {
    if (!isIntent(intent)) throw new UseCaseError(USER_MESSAGES.unknownAction);
    const user = await INTENTS[intent].run(context.services, admin, uid);
    const flash = await setFlash(request, context.services, {
      kind: 'success',
      message: INTENTS[intent].done(user.displayName),
    });
    // Back to the list the admin was looking at (the form posts to the current URL, query included).
    return redirect(listHref(parseUserQuery(new URL(request.url).searchParams)), {
      headers: { 'Set-Cookie': flash },
    });
  } catch (error) {
    return refusedAction(error, { uid });
  }
}

export default function ManageUsersPage() {
  const { query, searchError, total, pages, previous, next, activeAdmins, currentUid, users } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();

  return (
    <AdminShell
      title="Utilisateurs"
      lead={`${activeAdmins} administrateur${activeAdmins > 1 ? 's' : ''} actif${activeAdmins > 1 ? 's' : ''}. Un compte désactivé est déconnecté partout et ne peut plus se connecter ; ses événements restent.`}
    >
      <UserSearch query={query} />

      {searchError ? (
        <p className="notice notice--error" role="alert">
          {searchError}
        </p>
      ) : null}
      {failed ? (
        <p className="notice notice--error" role="alert" data-testid="users-error">
          {failed.message}
        </p>
      ) : null}

      <p className="admin-users__count" data-testid="users-count" aria-live="polite">
        {total === 0
          ? 'Aucun compte ne correspond à cette recherche.'
          : `${total} compte${total > 1 ? 's' : ''}${pages > 1 ? ` · page ${query.page} sur ${pages}` : ''}`}
      </p>

      {users.length > 0 ? (
        <div className="admin-users__scroll">
          <AdminTable
            className="admin-users"
            caption="Comptes, du plus récent au plus ancien"
            columns={['Nom', 'Email', 'Rôle', 'Vérification', 'Soutien', 'Événements', 'Inscrit le', 'Actions']}
          >
            {users.map((user) => {
              const busy = navigation.state !== 'idle' && navigation.formData?.get('uid') === user.uid;
              return (
                <UserRow
                  key={user.uid}
                  user={user}
                  self={user.uid === currentUid}
                  busy={busy}
                  failed={failed?.uid === user.uid}
                />
              );
            })}
          </AdminTable>
        </div>
      ) : null}

      {previous || next ? (
        <nav className="pagination" aria-label="Pages">
          {previous ? <Link to={previous}>‹ Précédente</Link> : <span />}
          <span>
            Page {query.page} sur {pages}
          </span>
          {next ? <Link to={next}>Suivante ›</Link> : <span />}
        </nav>
      ) : null}
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Utilisateurs', description: 'Utilisateurs — Agenda romand.', path: '/admin/users', matches });
