// The instants of a feed's date-times (ics-times.ts): a VTIMEZONE of the feed honoured under any name, else an IANA or
// Windows zone name, or the IANA name a path ends with, else a floating time taken as Zurich's; and the instants a
// VEVENT adds or removes beside its rules (EXRULE, EXDATE, RDATE periods), which ical.js leaves to its reader.
import { TZDate } from '@date-fns/tz';
import type ICAL from 'ical.js';
import { onFirstUse } from '../platform/on-first-use';

export const ical = onFirstUse<typeof import('ical.js').default>('ical.js');
const windowsZones = onFirstUse<typeof import('windows-iana')>('windows-iana');

/** Steps of a recurrence read at most: a daily rule since 1970 ends there, and so does any rule ical.js loops on. */
export const MAX_STEPS = 20_000;

export const dayMs = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day);

const validZone = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/**
 * The IANA zone of a TZID no VTIMEZONE of the feed defines: itself, its Windows name's (« W. Europe Standard Time »),
 * or the IANA name it ends with (« /softwarestudio.org/Tzfile/Europe/Zurich »); null when none.
 */
export function ianaZone(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (!name) return null;
  if (validZone(name) && !/^[+-]/.test(name)) return name;
  const windows = windowsZones().findIana(name)?.[0];
  if (windows && validZone(windows)) return windows;
  const parts = name.split('/').filter(Boolean);
  for (let i = 1; i < parts.length - 1; i++) {
    const tail = parts.slice(i).join('/');
    if (validZone(tail)) return tail;
  }
  return null;
}

/** The instant of a date-time of the feed (ms), or, for a DATE, its day at midnight UTC. */
export function instantOf(time: ICAL.Time, tzid: string): number {
  if (time.isDate) return dayMs(time);
  const I = ical();
  const zone = time.zone;
  if (zone === I.Timezone.utcTimezone || tzid === 'UTC' || tzid === 'Z')
    return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // A definition of the feed (a VTIMEZONE under any name): as it says.
  if (zone && zone !== I.Timezone.localTimezone && (zone as { component?: unknown }).component)
    return time.toUnixTime() * 1000;
  const iana = ianaZone(tzid) ?? 'Europe/Zurich';
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, iana).getTime();
}

export const tzidOf = (property: ICAL.Property | null) => String(property?.getParameter('tzid') ?? '');

/** The instants an EXRULE removes (RFC 2445; ical.js reads it but does not apply it), up to `to`. */
export function exruleStarts(event: ICAL.Event, to: number, tzid: string): Set<number> {
  const removed = new Set<number>();
  for (const property of event.component.getAllProperties('exrule')) {
    const recur = property.getFirstValue() as ICAL.Recur;
    const iterator = recur.iterator(event.startDate);
    for (let step = 0, next = iterator.next(); next && step < MAX_STEPS; step++, next = iterator.next()) {
      const at = instantOf(next, tzid);
      if (at >= to) break;
      removed.add(at);
    }
  }
  return removed;
}

/** Whether an EXDATE of the component names this start. */
export function excluded(component: ICAL.Component, start: ICAL.Time, tzid: string): boolean {
  const at = instantOf(start, tzid);
  return component
    .getAllProperties('exdate')
    .some((p) =>
      (p.getValues() as ICAL.Time[]).some((t) =>
        t.isDate ? dayMs(t) === dayMs(start) : instantOf(t, tzidOf(p) || tzid) === at,
      ),
    );
}

/**
 * The RDATE periods (VALUE=PERIOD) of a VEVENT as plain dates, and each one's end by its start: ical.js would hand the
 * periods themselves to its expansion, which fails on them; such a date ends at its period's end, not start + duration.
 */
export function periodEnds(event: ICAL.Event, tzid: string): Map<number, number> {
  const I = ical();
  const ends = new Map<number, number>();
  for (const property of event.component.getAllProperties('rdate')) {
    const values = property.getValues() as unknown[];
    const isPeriod = (v: unknown): v is ICAL.Period => v instanceof I.Period;
    if (!values.some(isPeriod)) continue;
    const ptzid = tzidOf(property) || tzid;
    const starts = values.map((v) => (isPeriod(v) ? v.start : (v as ICAL.Time)));
    for (const period of values.filter(isPeriod))
      ends.set(instantOf(period.start, ptzid), instantOf(period.getEnd(), ptzid));
    const dates = new I.Property('rdate', event.component);
    if (tzidOf(property)) dates.setParameter('tzid', tzidOf(property));
    dates.setValues(starts);
    event.component.removeProperty(property);
    event.component.addProperty(dates);
  }
  return ends;
}
