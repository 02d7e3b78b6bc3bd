// The event record of ARCHITECTURE §3, as the use cases and screens see it.
import type { CantonCode } from './cantons';
import type { CategorySlug } from './categories';

export const EVENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export interface EventImage {
  path: string;
  width: number;
  height: number;
  alt: string;
}

export interface Accessibility {
  wheelchair: boolean;
  hearing: boolean;
  familyFriendly: boolean;
}

export interface AgendaEvent {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: CategorySlug;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  venueName: string;
  street: string;
  postalCode: string;
  city: string;
  canton: CantonCode;
  lat: number | null;
  lng: number | null;
  isFree: boolean;
  priceMin: number | null;
  priceMax: number | null;
  priceNote: string;
  ticketUrl: string;
  websiteUrl: string;
  organizerName: string;
  contactEmail: string;
  contactPhone: string;
  image: EventImage | null;
  accessibility: Accessibility;
  status: EventStatus;
  rejectionReason: string;
  featured: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string;
  moderatedBy: string | null;
  moderatedAt: string | null;
  /** Fields an organizer changed since the last moderation (shown to moderators), empty otherwise. */
  pendingChanges?: string[];
}

/** What the map needs of a located event. */
export interface EventMapPoint {
  id: string;
  title: string;
  lat: number;
  lng: number;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  city: string;
  category: CategorySlug;
}
