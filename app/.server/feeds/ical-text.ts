// The text of a VCALENDAR built with ical-generator, folded in one pass: the library folds its output by encoding each
// character apart (a new TextEncoder per character), which made a 500-event feed cost hundreds of ms of CPU (issue 46).
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { ICalCalendar } from 'ical-generator';

/** The UTF-8 length of the character (or surrogate pair) starting at `i`, and how many UTF-16 units it takes. */
function charAt(line: string, i: number): [bytes: number, units: number] {
  const code = line.charCodeAt(i);
  if (code < 0x80) return [1, 1];
  if (code < 0x800) return [2, 1];
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) return [4, 2];
  return [3, 1];
}

/**
 * RFC 5545 §3.1 folding, as ical-generator does it (the same bytes): a line longer than 74 octets goes on after CRLF
 * and a space, never within a character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      // Most lines are short: nothing to count.
      if (line.length <= 18) return line;
      let out = '';
      let from = 0;
      let bytes = 0;
      for (let i = 0; i < line.length; ) {
        const [size, units] = charAt(line, i);
        bytes += size;
        if (bytes > 74) {
          out += `${line.slice(from, i)}\r\n `;
          from = i;
          bytes = size;
        }
        i += units;
      }
      return out + line.slice(from);
    })
    .join('\r\n');
}

/** The VEVENTs of a calendar, folded. */
export function veventsText(calendar: ICalCalendar): string {
  return foldLines(
    calendar
      .events()
      .map((event) => event.toString())
      .join(''),
  );
}

/**
 * The calendar as text, ending with CRLF: its own properties as ical-generator writes them (`calendar` without
 * events), the VTIMEZONE of `zone` when there are events, then the events (veventsText).
 */
export function calendarText(calendar: ICalCalendar, zone: string, hasEvents: boolean, vevents: string): string {
  const shell = calendar.toString();
  const end = shell.lastIndexOf('END:VCALENDAR');
  const timezone = hasEvents ? `${getVtimezoneComponent(zone)?.replace(/\r?\n/g, '\r\n').trim() ?? ''}\r\n` : '';
  return `${shell.slice(0, end)}${foldLines(timezone)}${vevents}END:VCALENDAR\r\n`;
}
