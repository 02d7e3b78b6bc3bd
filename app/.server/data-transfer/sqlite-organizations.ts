// The tables of an organization's members and invitations (migration 31, decision 167), in the neutral form.
type Kind = 'text' | 'bool' | 'json' | 'num';

export const ORGANIZATION_TABLES: Record<
  'organizerMembers' | 'organizerInvitations',
  [string, [string, string, Kind][]]
> = {
  organizerMembers: [
    'organizer_members',
    [
      ['organizerId', 'organizer_id', 'text'],
      ['uid', 'uid', 'text'],
      ['role', 'role', 'text'],
      ['since', 'since', 'text'],
    ],
  ],
  organizerInvitations: [
    'organizer_invitations',
    [
      ['id', 'id', 'text'],
      ['organizerId', 'organizer_id', 'text'],
      ['email', 'email', 'text'],
      ['role', 'role', 'text'],
      ['invitedBy', 'invited_by', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['expiresAt', 'expires_at', 'text'],
      ['usedAt', 'used_at', 'text'],
    ],
  ],
};
