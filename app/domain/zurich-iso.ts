// A Zurich wall-clock date and time as an instant (ISO 8601 with its offset), summer and winter time included: the one
// conversion that needs the time zone's rules (@date-fns/tz), kept apart so that pages which only show dates do not
// load them.
import { TZDate } from '@date-fns/tz';
import { memoized } from './memo';

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** A Zurich wall-clock date and time (YYYY-MM-DD, HH:MM) as ISO 8601 with its offset (« 2026-11-28T08:00:00+01:00 »). */
export function zurichIso(ymd: string, hm = '00:00'): string {
  return isoOfWallClock(`${ymd}|${hm}`);
}

// TZDate reads the zone's offset through Intl at each call: the same wall-clock times come back on every page.
const isoOfWallClock = memoized((wallClock: string): string => {
  const [ymd, hm] = wallClock.split('|');
  const [y, m, d] = ymd.split('-').map(Number);
  const [h, min] = hm.split(':').map(Number);
  const local = new TZDate(y, m - 1, d, h, min, 0, 'Europe/Zurich');
  const offset = -local.getTimezoneOffset();
  const date = `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  const time = `${pad(local.getHours())}:${pad(local.getMinutes())}:${pad(local.getSeconds())}`;
  return `${date}T${time}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
});

/** An instant as Zurich's wall clock with its offset (« 2026-11-28T08:00:00+01:00 »): what ActivityPub peers show. */
export function zurichOffsetIso(instant: string): string {
  const local = new TZDate(Date.parse(instant), 'Europe/Zurich');
  const ymd = `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  return zurichIso(ymd, `${pad(local.getHours())}:${pad(local.getMinutes())}`);
}
