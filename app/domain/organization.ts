// An organization is several people (issue 73, decision 167): the members of an organizer record, each « responsable »
// (members and everything) or « membre » (submits and edits the organization's events). An organization that has
// members always keeps at least one « responsable »: a change that would leave none is refused, whoever asks.

export type MemberRole = 'responsable' | 'membre';

export const MEMBER_ROLES: readonly MemberRole[] = ['responsable', 'membre'];

/** The French name of a role, as the management page shows it. */
export const ROLE_LABELS: Record<MemberRole, string> = { responsable: 'Responsable', membre: 'Membre' };

export interface OrganizerMember {
  organizerId: string;
  uid: string;
  role: MemberRole;
  /** When this account became a member (or its role last changed). */
  since: string;
}

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);

/** The refusal of a change that would leave the organization's members without a « responsable ». */
export const LAST_RESPONSABLE_MESSAGE =
  'L’organisation garderait des membres sans responsable\u00a0: nommez d’abord un autre responsable.';

/**
 * The members after giving `uid` this role (null: removing it); `ok` false when members would remain without a
 * « responsable ». `allowEmpty`: an admin may leave the record without any member (unclaimed again).
 */
export function membersAfter(
  members: readonly OrganizerMember[],
  change: { organizerId: string; uid: string; role: MemberRole | null; now: string },
  allowEmpty = false,
): { ok: boolean; members: OrganizerMember[] } {
  const others = members.filter((m) => m.uid !== change.uid);
  const next = change.role
    ? [...others, { organizerId: change.organizerId, uid: change.uid, role: change.role, since: change.now }]
    : others;
  const ok = next.some((m) => m.role === 'responsable') || (next.length === 0 && (allowEmpty || members.length === 0));
  return { ok, members: next };
}

/** An invitation to join an organization (decision 167): by email, valid 7 days, used once. */
export interface OrganizerInvitation {
  /** The hash of the link's token (never the token itself). */
  id: string;
  organizerId: string;
  /** As typed, trimmed; compared lower-cased. */
  email: string;
  role: MemberRole;
  /** The responsable who invited. */
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** How long an invitation link is valid. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
