// Managing an organization's people (issue 73, decision 167): its page of members, invitations by email (a link
// valid 7 days, its token kept hashed, used once; the answer never says whether the address has an account), roles,
// removal and leaving. Only a responsable (or an admin) invites, sets roles and removes; every member may leave.
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  INVITATION_TTL_MS,
  isMemberRole,
  LAST_RESPONSABLE_MESSAGE,
  type MemberRole,
  ROLE_LABELS,
} from '~/domain/organization';
import { SITE_NAME } from '~/domain/site';
import { escapeHtml } from '../mail/mailer';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort, Store, UserProfile } from '../ports';
import { handOverAuthoredEvents } from './members';

export const ORGANIZATION_MESSAGES = {
  notYours: 'Cette organisation n’existe pas, ou vous n’en êtes pas membre.',
  notResponsable: 'Seul un responsable de l’organisation peut faire cela.',
  email: 'Cette adresse email n’est pas valide.',
  role: 'Choisissez le rôle\u00a0: responsable ou membre.',
  notMember: 'Cette personne n’est pas (ou plus) membre de l’organisation.',
  noInvitation: 'Aucune invitation en attente pour cette adresse (déjà acceptée, retirée ou expirée).',
  alreadyMember: 'Cette adresse est déjà celle d’un membre de l’organisation\u00a0: aucune invitation n’est envoyée.',
  invitationInvalid: 'Ce lien d’invitation n’est plus valable (déjà utilisé, remplacé, retiré ou expiré).',
  otherAccount:
    'Cette invitation a été envoyée à une autre adresse\u00a0: connectez-vous avec le compte de cette adresse.',
} as const;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

interface Deps {
  store: Store;
  now?: () => Date;
}
const clock = (deps: Deps) => (deps.now ?? (() => new Date()))();

/** The organization, if this account is one of its members (or an admin); and whether it manages its members. */
async function membership({ store }: Deps, user: UserProfile, organizerId: string) {
  const organizer = await store.organizers.findById(organizerId);
  const members = organizer ? await store.organizerMembers.listByOrganizer(organizer.id) : [];
  const mine = members.find((m) => m.uid === user.uid);
  if (!organizer || (!mine && user.role !== 'admin'))
    throw new UseCaseError(ORGANIZATION_MESSAGES.notYours, 'form', 404);
  return { organizer, members, manages: user.role === 'admin' || mine?.role === 'responsable', mine };
}

async function managing(deps: Deps, user: UserProfile, organizerId: string) {
  const found = await membership(deps, user, organizerId);
  if (!found.manages) throw new UseCaseError(ORGANIZATION_MESSAGES.notResponsable, 'form', 403);
  return found;
}

/** The organizations of the account, and the chosen one's members and invitations still valid. */
export async function organizationPage(deps: Deps, user: UserProfile, wanted: string | null) {
  const { store } = deps;
  const mine = await store.organizerMembers.listByAccount(user.uid);
  const organizations = (await Promise.all(mine.map((m) => store.organizers.findById(m.organizerId)))).flatMap((o) =>
    o ? [{ id: o.id, name: o.name }] : [],
  );
  const id = wanted ?? organizations[0]?.id ?? null;
  if (!id) return { organizations, chosen: null };
  const { organizer, members, manages } = await membership(deps, user, id);
  const people = await Promise.all(members.map((m) => store.users.findById(m.uid)));
  const invitations = manages
    ? await store.organizerInvitations.listPending(organizer.id, clock(deps).toISOString())
    : [];
  return {
    organizations,
    chosen: {
      id: organizer.id,
      name: organizer.name,
      slug: organizer.slug,
      manages,
      members: members.map((m, i) => ({
        uid: m.uid,
        name: people[i]?.displayName || people[i]?.email || 'Compte supprimé',
        email: manages ? (people[i]?.email ?? '') : '',
        role: m.role,
        roleLabel: ROLE_LABELS[m.role],
        you: m.uid === user.uid,
      })),
      invitations: invitations.map((i) => ({ email: i.email, roleLabel: ROLE_LABELS[i.role], expiresAt: i.expiresAt })),
    },
  };
}

function readRole(value: unknown): MemberRole {
  if (!isMemberRole(value)) throw new UseCaseError(ORGANIZATION_MESSAGES.role, 'role');
  return value;
}

/**
 * A responsable invites an address: a link valid 7 days, mailed through the outbox. The same answer whether the
 * address has an account or not (nothing is looked up): the account is found, or created, when the link is followed.
 */
export async function inviteMember(
  deps: Deps & { mailer: MailPort; siteUrl: string },
  user: UserProfile,
  input: { organizerId: string; email: string; role: string },
): Promise<{ email: string; organizerName: string }> {
  const { organizer, members } = await managing(deps, user, input.organizerId);
  const email = input.email.trim();
  if (email.length > 254 || !z.string().email().safeParse(email).success)
    throw new UseCaseError(ORGANIZATION_MESSAGES.email, 'email');
  // The responsable sees the members' addresses already: saying so tells nothing new, and sends nothing.
  const accounts = await Promise.all(members.map((m) => deps.store.users.findById(m.uid)));
  if (accounts.some((a) => a?.email.toLowerCase() === email.toLowerCase()))
    throw new UseCaseError(ORGANIZATION_MESSAGES.alreadyMember, 'email', 409);
  const role = readRole(input.role);
  const now = clock(deps);
  const token = crypto.randomBytes(32).toString('base64url');
  await deps.store.organizerInvitations.issue({
    id: hashToken(token),
    organizerId: organizer.id,
    email,
    role,
    invitedBy: user.uid,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
  });
  const link = `${deps.siteUrl}/organisation/invitation?token=${token}`;
  const who = user.displayName || user.email;
  const text = `${who} vous invite à rejoindre «\u00a0${organizer.name}\u00a0» sur ${SITE_NAME}, comme ${ROLE_LABELS[role].toLowerCase()}.\n\nPour accepter (avec votre compte, ou en en créant un avec cette adresse)\u00a0:\n${link}\n\nCe lien est valable 7 jours. Si vous ne vous attendiez pas à cette invitation, ignorez ce message.`;
  await deps.mailer.send({
    to: email,
    subject: `Invitation à rejoindre «\u00a0${organizer.name}\u00a0» — ${SITE_NAME}`,
    text,
    html: `<p>${escapeHtml(text)
      .replaceAll('\n\n', '</p><p>')
      .replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`,
  });
  return { email, organizerName: organizer.name };
}

/** A responsable withdraws the pending invitation to an address: its link then says it is no longer valid. */
export async function revokeInvitation(deps: Deps, user: UserProfile, input: { organizerId: string; email: string }) {
  const { organizer } = await managing(deps, user, input.organizerId);
  const revoked = await deps.store.organizerInvitations.revoke(organizer.id, input.email.trim());
  if (revoked === 0) throw new UseCaseError(ORGANIZATION_MESSAGES.noInvitation, 'form', 404);
}

/** The organization an invitation link names, while it is valid (the page that offers to accept it). */
export async function invitationFor(deps: Deps, token: string) {
  const invitation = await deps.store.organizerInvitations.peek(hashToken(token), clock(deps).toISOString());
  const organizer = invitation ? await deps.store.organizers.findById(invitation.organizerId) : null;
  if (!invitation || !organizer) return null;
  return { organizerName: organizer.name, roleLabel: ROLE_LABELS[invitation.role], email: invitation.email };
}

/** The signed-in account, with the invitation's address, accepts it: it becomes a member (once). */
export async function acceptInvitation(deps: Deps, user: UserProfile, token: string) {
  const now = clock(deps).toISOString();
  const id = hashToken(token);
  const invitation = await deps.store.organizerInvitations.peek(id, now);
  if (!invitation) throw new UseCaseError(ORGANIZATION_MESSAGES.invitationInvalid, 'form', 410);
  if (invitation.email.toLowerCase() !== user.email.toLowerCase())
    throw new UseCaseError(ORGANIZATION_MESSAGES.otherAccount, 'form', 403);
  if (!(await deps.store.organizerInvitations.consume(id, now)))
    throw new UseCaseError(ORGANIZATION_MESSAGES.invitationInvalid, 'form', 410);
  const members = await deps.store.organizerMembers.listByOrganizer(invitation.organizerId);
  // Already a member: the role stays as it is (a responsable invited as membre is not demoted).
  if (!members.some((m) => m.uid === user.uid)) {
    const written = await deps.store.organizerMembers.set({ ...invitation, uid: user.uid, now });
    if (written !== 'ok') throw new UseCaseError(ORGANIZATION_MESSAGES.invitationInvalid, 'form', 410);
  }
  return { organizerId: invitation.organizerId };
}

/** A responsable changes a member's role; never leaving the organization without a responsable. */
export async function setMemberRole(
  deps: Deps,
  user: UserProfile,
  input: { organizerId: string; uid: string; role: string },
) {
  const { members } = await managing(deps, user, input.organizerId);
  const role = readRole(input.role);
  if (!members.some((m) => m.uid === input.uid)) throw new UseCaseError(ORGANIZATION_MESSAGES.notMember, 'form', 404);
  const written = await deps.store.organizerMembers.set({ ...input, role, now: clock(deps).toISOString() });
  if (written === 'last') throw new UseCaseError(LAST_RESPONSABLE_MESSAGE, 'form', 409);
}

/**
 * A responsable removes a member, or a member leaves (`uid` their own): access ends at their next request, to the events
 * they wrote for the organization too (handed to it).
 */
export async function removeMember(
  deps: Deps & { mailer: MailPort },
  user: UserProfile,
  input: { organizerId: string; uid: string },
) {
  const leaving = input.uid === user.uid;
  const { organizer } = leaving
    ? await membership(deps, user, input.organizerId)
    : await managing(deps, user, input.organizerId);
  const now = clock(deps).toISOString();
  const written = await deps.store.organizerMembers.remove({ ...input, now });
  if (written === 'last') throw new UseCaseError(LAST_RESPONSABLE_MESSAGE, 'form', 409);
  if (written === 'absent') throw new UseCaseError(ORGANIZATION_MESSAGES.notMember, 'form', 404);
  await handOverAuthoredEvents(deps, { ...input, now });
  // Removed by someone else, the person learns it (through the mail queue), and what becomes of their events.
  const removed = leaving ? null : await deps.store.users.findById(input.uid);
  if (!removed?.email) return;
  const text = `${user.displayName || user.email} vous a retiré de «\u00a0${organizer.name}\u00a0» sur ${SITE_NAME}\u00a0: vous n’avez plus accès aux événements de l’organisation, ni à leurs inscriptions.\n\nLes événements que vous aviez proposés en son nom restent les siens. Si c’est une erreur, demandez à un de ses responsables de vous inviter de nouveau.`;
  await deps.mailer.send({
    to: removed.email,
    subject: `Vous ne faites plus partie de «\u00a0${organizer.name}\u00a0» — ${SITE_NAME}`,
    text,
    html: `<p>${escapeHtml(text).replaceAll('\n\n', '</p><p>')}</p>`,
  });
}
