// The store port of an organization's members (issue 73, decision 167): one record per (organizer record, account),
// with its role. The organizer record's `accountUids` follows in the same write (the pages that list an account's
// organizers read it); the rights of a request are read from here, on every request (session.ts).
import type { AgendaEvent } from '~/domain/event';
import type { MemberRole, OrganizerInvitation, OrganizerMember } from '~/domain/organization';

export type MemberWrite = 'ok' | 'last' | 'absent';

export interface OrganizerMemberStore {
  /** The members of an organizer record, responsables first, then by date. */
  listByOrganizer(organizerId: string): Promise<OrganizerMember[]>;
  /** The organizations this account belongs to. */
  listByAccount(uid: string): Promise<OrganizerMember[]>;
  /**
   * Gives `uid` this role in the organization (a new member, or a role changed), atomically: 'last' when that would
   * leave its members without a responsable, 'absent' when the organizer record does not exist (nothing written).
   */
  set(input: { organizerId: string; uid: string; role: MemberRole; now: string }): Promise<MemberWrite>;
  /**
   * Removes a member (removed, or leaving), atomically: 'last' when members would remain without a responsable, or
   * when the last member would go without `allowEmpty` (an admin's unlinking); 'absent' when not a member.
   */
  remove(input: { organizerId: string; uid: string; now: string; allowEmpty?: boolean }): Promise<MemberWrite>;
  /**
   * Every event (any status) « au nom de » one of these organizer records, latest start first, read from the
   * database: every member sees at once what another has just submitted, whichever instance answers.
   */
  listEvents(organizerIds: readonly string[]): Promise<AgendaEvent[]>;
}

export interface OrganizerInvitationStore {
  /** Stores an invitation; an earlier unused one of the same organization and email stops working. */
  issue(invitation: Omit<OrganizerInvitation, 'usedAt'>): Promise<void>;
  /** A valid (unused, unexpired at `now`) invitation, without using it. */
  peek(id: string, now: string): Promise<OrganizerInvitation | null>;
  /** Uses it once: the invitation, or null when used, expired or unknown. */
  consume(id: string, now: string): Promise<OrganizerInvitation | null>;
  /** The organization's invitations still valid at `now`, newest first. */
  listPending(organizerId: string, now: string): Promise<OrganizerInvitation[]>;
  /** Withdraws the organization's unused invitations to this address (any case): their links stop working. How many. */
  revoke(organizerId: string, email: string): Promise<number>;
}
