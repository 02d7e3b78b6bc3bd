// The interfaces the use cases depend on (one module per aggregate in ./ports/). Adapters (SQLite, Firestore)
// implement them.
export * from './ports/users';

import type { AlertStore } from './alerts/ports';
import type { ImportStore } from './imports/ports';
import type { CategoryStore } from './ports/categories';
import type { ContactMessageStore } from './ports/contact';
import type { DonationStore } from './ports/donations';
import type { EventStore } from './ports/events';
import type { FavouriteStore } from './ports/favourites';
import type { FederationStore } from './ports/federation';
import type { HealthStore } from './ports/health';
import type { HolidayStore } from './ports/holidays';
import type { MailQueueStore } from './ports/mail';
import type { ModerationLogStore } from './ports/moderation-log';
import type { OrganizerInvitationStore, OrganizerMemberStore } from './ports/organizer-members';
import type { PartnerStore } from './ports/partners';
import type { OrganizerStore, VenueStore } from './ports/places';
import type { RegistrationStore } from './ports/registrations';
import type { NotificationStore, StatsStore } from './ports/stats';
import type { AuthTokenStore, SessionStore, UserStore } from './ports/users';
import type { VisitorPushStore } from './ports/visitor-pushes';

export * from './ports/categories';
export * from './ports/contact';
export * from './ports/donations';
export * from './ports/events';
export * from './ports/favourites';
export * from './ports/federation';
export * from './ports/health';
export * from './ports/holidays';
export * from './ports/mail';
export * from './ports/moderation-log';
export * from './ports/organizer-members';
export * from './ports/paging';
export * from './ports/partners';
export * from './ports/places';
export * from './ports/registrations';
export * from './ports/stats';
export * from './ports/visitor-pushes';

export interface Store {
  users: UserStore;
  sessions: SessionStore;
  authTokens: AuthTokenStore;
  categories: CategoryStore;
  events: EventStore;
  moderationLog: ModerationLogStore;
  partners: PartnerStore;
  /** Venues and organizers as records with pages of their own (issue 36). */
  venues: VenueStore;
  organizers: OrganizerStore;
  /** The members of each organizer record and their role (issue 73, decision 167). */
  organizerMembers: OrganizerMemberStore;
  /** Invitations to join an organization, by the hash of their link's token (decision 167). */
  organizerInvitations: OrganizerInvitationStore;
  contactMessages: ContactMessageStore;
  notifications: NotificationStore;
  stats: StatsStore;
  donations: DonationStore;
  imports: ImportStore;
  alerts: AlertStore;
  /** School-holiday periods by canton (issue 51). */
  holidays: HolidayStore;
  /** Visitors' browsers told by push of an event's « Ça a lieu ? » (issue 51). */
  visitorPushes: VisitorPushStore;
  /** Places to book: each date's registration and its registrants (issue 73, decision 168). */
  registrations: RegistrationStore;
  /** An account's favourites and its personal calendar feed's secret (issue 74, decision 170). */
  favourites: FavouriteStore;
  /** Mails waiting to leave, and those that failed (decision 060). */
  mails: MailQueueStore;
  health: HealthStore;
  /** ActivityPub: Fedify's store and queue, keys, followers, blocks, sources (decision 087). */
  federation: FederationStore;
  /** True when nothing has been stored yet (no category, no event, no user). */
  isEmpty(): Promise<boolean>;
  /** A number that changes whenever anything is written (here or by another process): read caches key on it. */
  revision(): number;
  /** Releases the connection and its listeners (scripts and tests). */
  close(): Promise<void>;
}
