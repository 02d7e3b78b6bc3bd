// The schedule fields of the event form (decision 041): their names, the kinds of schedule and how a period's hours
// are read, without the schedule's schema (zod): the form's page shows them before its checks load (decision 129).
import { WEEKDAYS } from './schedule-model';

type Values = Record<string, string>;

/** A box of the form ticked, as a browser sends it ('on') or a value given back ('1', 'true'). */
export const flag = (v: string | undefined) => v === 'on' || v === '1' || v === 'true';

export const SCHEDULE_KINDS = [
  { value: 'single', label: 'Une date' },
  { value: 'dates', label: 'Plusieurs dates' },
  { value: 'rule', label: 'Une date qui se répète' },
  { value: 'period', label: 'Une période avec des heures d’ouverture (exposition…)' },
] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number]['value'];

export const SCHEDULE_FIELDS = [
  'scheduleKind',
  'dateList',
  'ruleRepeat',
  ...WEEKDAYS.map((d) => `ruleDay${d}` as const),
  'ruleMonthly',
  'ruleUntil',
  'ruleCount',
  'ruleExclude',
  // A period: the same hours on its open days, or each day's own.
  'periodSameHours',
  ...WEEKDAYS.map((d) => `periodDay${d}` as const),
  'periodOpen',
  'periodClose',
  ...WEEKDAYS.flatMap((d) => [`hours${d}Open` as const, `hours${d}Close` as const]),
  'periodClosed',
] as const;

/**
 * Whether a period's hours are typed once for its open days: the box ticked. A form sent without it (unticked) has
 * each day's hours, in the browser's checks as on the server; a new form starts ticked (NEW_SCHEDULE_VALUES).
 */
export const periodSameHours = (values: Values) => flag(values.periodSameHours);

/** The schedule fields a new event's form starts from: one date, and a period's hours the same each open day. */
export const NEW_SCHEDULE_VALUES: Values = { scheduleKind: 'single', periodSameHours: 'on' };
