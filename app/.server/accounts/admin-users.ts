// Account management by admins: the searchable list, the role (organizer ↔ admin), disabling and enabling.
import { askedPage, shownPage } from '~/domain/paging';
import { validateSearchText } from '~/domain/search-text';
import { UseCaseError } from '../platform/use-case-error';
import type { Role, Store, UserAdminWrite, UserProfile } from '../ports';

export interface UserAdminDeps {
  store: Store;
  now?: () => Date;
}

export const USERS_PAGE_SIZE = 50;

export const USER_MESSAGES = {
  selfDemote: 'Vous ne pouvez pas retirer votre propre rôle d’administrateur.',
  selfDisable: 'Vous ne pouvez pas désactiver votre propre compte.',
  lastAdmin: 'Il doit rester au moins un administrateur actif.',
  notFound: 'Ce compte n’existe pas (ou plus).',
  notAdmin: 'Vous n’êtes plus administrateur actif : action refusée.',
  unknownAction: 'Action inconnue.',
} as const;

export type RoleFilter = Role | 'all';
export type StateFilter = 'all' | 'active' | 'disabled';

export interface UserListQuery {
  q: string;
  role: RoleFilter;
  state: StateFilter;
  /** The number shown; the page is the one after (`after`) or before (`before`) a cursor, or the first. */
  page: number;
  after?: string | null;
  before?: string | null;
}

const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'organizer', 'admin'];
const STATE_FILTERS: readonly StateFilter[] = ['all', 'active', 'disabled'];

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;

/** The list's query string, read leniently: anything unknown falls back to the whole list. */
export function parseUserQuery(params: URLSearchParams) {
  const search = validateSearchText(params.get('q'));
  return {
    q: search.ok ? search.value : '',
    role: oneOf(ROLE_FILTERS, params.get('role'), 'all'),
    state: oneOf(STATE_FILTERS, params.get('state'), 'all'),
    ...askedPage(params),
    searchError: search.ok ? null : search.error,
  };
}

/** The query string of a list (defaults left out), for links and redirects. */
export function userListParams(query: UserListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.role !== 'all') params.set('role', query.role);
  if (query.state !== 'all') params.set('state', query.state);
  if (query.page > 1) params.set('page', String(query.page));
  // A page after the first is named by a cursor of its neighbour (ports/paging.ts).
  if (query.after) params.set('after', query.after);
  else if (query.before) params.set('before', query.before);
  return params.toString();
}

/** One page of accounts (newest first) with their event counts, the total, and how many admins are active. */
export async function listUsers({ store }: { store: Store }, query: UserListQuery) {
  const [list, admins] = await Promise.all([
    store.users.search({
      // Whitespace only: an email or a part of it ('dupont@', '.ch') stays one word.
      words: query.q.split(/\s+/).filter(Boolean).slice(0, 12),
      role: query.role === 'all' ? undefined : query.role,
      disabled: query.state === 'all' ? undefined : query.state === 'disabled',
      limit: USERS_PAGE_SIZE,
      after: query.after,
      before: query.before,
    }),
    store.users.listAdmins(),
  ]);
  const pages = Math.max(1, Math.ceil(list.total / USERS_PAGE_SIZE));
  return { ...list, pages, page: shownPage(query.page, list, pages), activeAdmins: admins.length };
}

const timestamp = (deps: UserAdminDeps) => (deps.now ? deps.now() : new Date()).toISOString();

function outcome(result: UserAdminWrite): UserProfile {
  if (result.ok) return result.user;
  switch (result.reason) {
    case 'not-found':
      throw new UseCaseError(USER_MESSAGES.notFound, 'form', 404);
    case 'last-admin':
      throw new UseCaseError(USER_MESSAGES.lastAdmin);
    case 'not-admin':
      throw new UseCaseError(USER_MESSAGES.notAdmin, 'form', 403);
  }
}

/** Makes an account an admin or an organizer again. An admin never demotes themselves; one active admin always remains. */
export async function setRole(deps: UserAdminDeps, admin: UserProfile, uid: string, role: Role): Promise<UserProfile> {
  if (role !== 'admin' && role !== 'organizer') throw new UseCaseError(USER_MESSAGES.unknownAction);
  if (uid === admin.uid && role !== 'admin') throw new UseCaseError(USER_MESSAGES.selfDemote);
  return outcome(await deps.store.users.setRole({ uid, role, actorUid: admin.uid, now: timestamp(deps) }));
}

/**
 * Disables an account (its sessions end at once, it can no longer log in; its events stay) or enables it again.
 * An admin never disables themselves; one active admin always remains.
 */
export async function setDisabled(
  deps: UserAdminDeps,
  admin: UserProfile,
  uid: string,
  disabled: boolean,
): Promise<UserProfile> {
  if (uid === admin.uid && disabled) throw new UseCaseError(USER_MESSAGES.selfDisable);
  return outcome(await deps.store.users.setDisabled({ uid, disabled, actorUid: admin.uid, now: timestamp(deps) }));
}

/** Marks an organizer as trusted (their submissions and edits publish at once, each logged; decision 042) or not. */
export async function setTrusted(
  deps: UserAdminDeps,
  admin: UserProfile,
  uid: string,
  trusted: boolean,
): Promise<UserProfile> {
  return outcome(await deps.store.users.setTrusted({ uid, trusted, actorUid: admin.uid, now: timestamp(deps) }));
}
