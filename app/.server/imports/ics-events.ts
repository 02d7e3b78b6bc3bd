// The VEVENTs of a parsed feed as the import reads them (ics.ts): grouped by UID with their changed instances, their
// texts, the DURATION that ical.js could not bear, and the canton of their own place.
import type ICAL from 'ical.js';
import { CANTON_CODES, isCantonCode } from '~/domain/cantons';
import type { EventContent } from '~/domain/event';
import { findLocality } from '~/domain/localities';
import { postalCodeFitsCanton } from '~/domain/postal-codes';

export const textOf = (component: ICAL.Component, name: string): string => {
  const value = component.getFirstPropertyValue(name);
  return value == null ? '' : String(value);
};

/** A DURATION over a year (P999999999999999999W): ical.js would count its days one by one, for ever. */
export function tooLong(vevent: ICAL.Component): boolean {
  try {
    const duration = vevent.getFirstPropertyValue('duration') as ICAL.Duration | null;
    return duration !== null && Math.abs(duration.toSeconds()) > 366 * 86_400;
  } catch {
    return true;
  }
}

/**
 * The canton of an event's own place (issue 71): its town in the list of localities (its NPA to choose between two of
 * a name), else the only canton its NPA can be in, else the source's.
 */
export function cantonOf(place: { postalCode: string; city: string }, fallback: EventContent['canton']) {
  const town = place.city ? findLocality(place.city, { postalCode: place.postalCode }) : null;
  // A town of the region gives its canton; one elsewhere in Switzerland leaves the source's.
  if (town && isCantonCode(town.canton)) return town.canton;
  const npa = place.postalCode;
  const fits = /^\d{4}$/.test(npa) ? CANTON_CODES.filter((c) => postalCodeFitsCanton(npa, c)) : [];
  return fits.length === 1 ? fits[0] : fallback;
}

/** The VEVENTs of a root by UID: the series (no RECURRENCE-ID) with its changed instances. */
export function eventsOf(
  roots: ICAL.Component[],
): { uid: string; master: ICAL.Component; exceptions: ICAL.Component[] }[] {
  const byUid = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
  let anonymous = 0;
  for (const root of roots)
    for (const vevent of root.getAllSubcomponents('vevent')) {
      const uid = textOf(vevent, 'uid').trim() || `\u0000${anonymous++}`;
      const entry = byUid.get(uid) ?? { master: null, exceptions: [] };
      byUid.set(uid, entry);
      if (vevent.hasProperty('recurrence-id')) entry.exceptions.push(vevent);
      else entry.master ??= vevent;
    }
  // In the feed's order. Changed instances without their series (a feed that sends only them): the first stands for it.
  return [...byUid].map(([uid, { master, exceptions }]) =>
    master ? { uid, master, exceptions } : { uid, master: exceptions[0], exceptions: [] as ICAL.Component[] },
  );
}
