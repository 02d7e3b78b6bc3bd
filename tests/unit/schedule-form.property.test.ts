// Random schedules thrown at the event form (issue 38): every combination of the « Quand » fields, the kind chosen or
// not, fields empty, out of range, from another kind (a kind chosen then changed keeps its fields), as the server
// reads them (every field, empty when not sent) and as the browser's checks see them (only the fields sent). Never an
// exception: either a schedule that holds, or French messages on fields the form shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSubmittedEvent } from '~/.server/events/event-form-check';
import { expandSchedule } from '~/.server/schedule/schedule-expand';
import { addDaysToDate, isCalendarDate, zurichDay, zurichToday } from '~/domain/dates';
import { EVENT_FLAG_FIELDS, EVENT_TEXT_FIELDS } from '~/domain/event-form';
import { WEEKDAYS } from '~/domain/schedule';
import { ruleDays } from '~/domain/schedule-days';
import { checkEventForm, SCHEDULE_FIELDS } from '~/domain/schedule-form';
import { FIRST_DATES, periodDays, previewOfForm } from '~/domain/schedule-preview';
import { exhibitionFormFields } from '../support/factories';

const RUNS = 3000;
const NOW = new Date('2026-11-20T09:00:00+01:00');
const TODAY = zurichToday(NOW);
const ENGLISH = /^(Required|Expected|Invalid|String must|Number must|Array must|Unrecognized|Too (small|big))/;
/** What the form shows a message next to: its fields (a group's message under its group), or the form's summary. */
const FIELDS = new Set<string>([...EVENT_TEXT_FIELDS, ...EVENT_FLAG_FIELDS, ...SCHEDULE_FIELDS, 'image']);

const swiss = (ymd: string) => ymd.split('-').reverse().join('.');
const day = fc.integer({ min: -40, max: 900 }).map((n) => addDaysToDate(TODAY, n));
/** A date as an organizer or a careless client writes it: valid, Swiss, impossible, out of range, empty, anything. */
const dateText = fc.oneof(
  { weight: 5, arbitrary: day },
  { weight: 2, arbitrary: day.map(swiss) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '2027-02-30',
      '2027-02-29',
      '2028-02-29',
      '2027-13-01',
      '2027-00-10',
      '2027-01-32',
      '0000-00-00',
      '0001-01-01',
      '9999-12-31',
      '+02027-01-01',
      '2027-1-5',
      '31.02.2027',
      '1.1.27',
      'demain',
      'NaN',
      '2027-03-28T10:00',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const time = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', '08:00', '10:00', '18:00', '19:30', '23:59', '00:00') },
  { weight: 2, arbitrary: fc.constantFrom('24:00', '7:00', '9h30', '25:61', '12', 'midi', '-1:00', '18:00:00') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const number = fc.oneof(
  fc.constantFrom('', ' ', '0', '1', '2', '3', '12', '13', '-1', '500', '501', '2.5', '1e3', 'NaN', 'abc', '99999999'),
  fc.integer({ min: -5, max: 600 }).map(String),
);
const check = fc.constantFrom('', 'on', 'off', '1', 'true');
const dayList = fc.oneof(
  fc.array(dateText, { maxLength: 5 }).map((days) => days.join(', ')),
  fc.string({ maxLength: 20 }),
);
const dateLine = fc
  .tuple(dateText, time, fc.option(time, { nil: undefined }))
  .map(([d, start, end]) => `${d.includes('-') ? swiss(d) : d} ${start}${end === undefined ? '' : `-${end}`}`.trim());
/** A line as most organizers write it: a day to come, a start, maybe an end. */
const goodLine = fc
  .tuple(day, fc.constantFrom('10:00', '19:30', '20:00'), fc.constantFrom('', '-22:00', '-23:59'))
  .map(([d, start, end]) => `${swiss(d)} ${start}${end}`);
const dateList = fc.oneof(
  fc.array(goodLine, { minLength: 2, maxLength: 6 }).map((lines) => lines.join('\n')),
  fc.array(fc.oneof(goodLine, dateLine), { maxLength: 6 }).map((lines) => lines.join('\n')),
  fc.string({ maxLength: 30 }),
);

/** Every field of « Quand », each maybe left out (not sent). */
const randomFields = fc.record(
  {
    scheduleKind: fc.constantFrom('single', 'dates', 'rule', 'period', '', 'autre'),
    startDate: dateText,
    startTime: time,
    endDate: dateText,
    endTime: time,
    allDay: check,
    dateList,
    ruleRepeat: fc.oneof(
      fc.constantFrom('weekly-1', 'weekly-2', 'weekly-4', 'monthly-1', 'monthly-3', 'monthly-12', '', 'daily-1'),
      number.map((n) => `${n.length % 2 ? 'weekly' : 'monthly'}-${n}`),
    ),
    ...Object.fromEntries(WEEKDAYS.map((d) => [`ruleDay${d}`, check])),
    ruleMonthly: fc.constantFrom('', 'monthday', 'weekday', 'last', '1', '2', '5', '-1', '6', '0', 'x'),
    ruleUntil: dateText,
    ruleCount: number,
    ruleExclude: dayList,
    periodSameHours: check,
    ...Object.fromEntries(WEEKDAYS.map((d) => [`periodDay${d}`, check])),
    periodOpen: time,
    periodClose: time,
    ...Object.fromEntries(WEEKDAYS.flatMap((d) => [`hours${d}Open`, `hours${d}Close`].map((f) => [f, time]))),
    periodClosed: dayList,
  },
  { requiredKeys: [] },
);

/** A schedule of each kind that holds, from which a few fields are then changed at random. */
const inDays = (n: number) => addDaysToDate(TODAY, n);
const VALID: Record<string, string>[] = [
  { scheduleKind: 'single', startDate: inDays(10), startTime: '20:00', endTime: '22:00' },
  { scheduleKind: 'dates', dateList: `${swiss(inDays(10))} 20:00-22:00\n${swiss(inDays(11))} 17:00` },
  {
    scheduleKind: 'rule',
    startDate: inDays(5),
    startTime: '18:30',
    endTime: '20:00',
    ruleRepeat: 'weekly-2',
    ruleDayTU: 'on',
    ruleUntil: inDays(120),
    ruleExclude: `${swiss(inDays(33))}, ${swiss(inDays(40))}`,
  },
  {
    scheduleKind: 'rule',
    startDate: inDays(3),
    startTime: '20:00',
    ruleRepeat: 'monthly-2',
    ruleMonthly: 'last',
    ruleCount: '6',
  },
  { ...exhibitionFormFields(TODAY), periodClosed: '24.12, 25.12, 1.1' },
  {
    scheduleKind: 'period',
    startDate: inDays(1),
    endDate: inDays(90),
    periodSameHours: '',
    ...Object.fromEntries(
      WEEKDAYS.slice(1).flatMap((d) => [
        [`hours${d}Open`, '10:00'],
        [`hours${d}Close`, '18:00'],
      ]),
    ),
    periodClosed: `${swiss(inDays(35))}, ${swiss(inDays(36))}`,
  },
];
const WHEN_KEYS = [
  'scheduleKind',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'allDay',
  ...SCHEDULE_FIELDS.filter((f) => f !== 'scheduleKind'),
];
const nearlyValid = fc
  .tuple(fc.constantFrom(...VALID), randomFields, fc.subarray(WHEN_KEYS, { maxLength: 2 }))
  .map(([base, random, keys]) => {
    const changed = { ...base };
    for (const key of keys) {
      if (key in random) changed[key] = (random as Record<string, string>)[key];
      else delete changed[key];
    }
    return changed;
  });
const whenFields = fc.oneof(randomFields, nearlyValid);

const REST = {
  title: 'Exposition de printemps',
  description: 'Des peintures et des sculptures d’artistes de la région, à voir en famille.',
  category: 'expos-musees',
  venueName: 'Galerie du Lac',
  postalCode: '2000',
  city: 'Neuchâtel',
  canton: 'NE',
  isFree: 'on',
  organizerName: 'Galerie du Lac',
};

/** The server reads every field of the form, empty when the browser did not send it. */
const asServerReads = (sent: Record<string, string>) =>
  Object.fromEntries([...FIELDS].map((f) => [f, sent[f] ?? ''])) as Record<string, string>;

function expectFieldMessages(errors: Record<string, string>) {
  for (const [field, message] of Object.entries(errors)) {
    expect(FIELDS, `message sur un champ inconnu « ${field} » : ${message}`).toContain(field);
    expect(message.trim().length).toBeGreaterThan(5);
    expect(message).not.toMatch(ENGLISH);
  }
}

/**
 * fc.assert over RUNS inputs, in chunks with a pause between them: a long synchronous run would starve the test
 * runner's own messages. Each chunk has its own seed, printed by fast-check on failure.
 */
async function assertRuns<T>(arbitrary: fc.Arbitrary<T>, property: (input: T) => void) {
  const chunk = 500;
  for (let done = 0; done < RUNS; done += chunk) {
    fc.assert(fc.property(arbitrary, property), { numRuns: chunk });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('l’horaire du formulaire d’événement sous des saisies au hasard', () => {
  it('le serveur : jamais d’exception, un horaire valable ou des messages en français à côté des champs', async () => {
    const accepted = new Map<string, number>();
    await assertRuns(whenFields, (when) => {
      const values = asServerReads({ ...REST, ...when });
      const result = checkSubmittedEvent(values, NOW);
      expectFieldMessages(result.errors);
      if (!result.schedule.ok) expect(Object.keys(result.errors).length).toBeGreaterThan(0);
      if (Object.keys(result.errors).length > 0) return;
      // Accepted: a schedule whose every date is a real day, and an event with real instants.
      expect(result.parsed.ok && result.schedule.ok).toBe(true);
      expect(Number.isNaN(Date.parse(result.startsAt ?? ''))).toBe(false);
      const schedule = result.schedule.ok ? result.schedule.schedule : null;
      accepted.set(schedule?.kind ?? 'single', (accepted.get(schedule?.kind ?? 'single') ?? 0) + 1);
      if (schedule?.kind !== 'dates') {
        expect(isCalendarDate(values.startDate.trim()), values.startDate).toBe(true);
        if (values.endDate.trim()) expect(isCalendarDate(values.endDate.trim()), values.endDate).toBe(true);
      }
      if (schedule) {
        expect(result.span).not.toBeNull();
        // The form's preview (browser side, no recurrence library) gives the server's dates, day for day.
        const server = expandSchedule(schedule).map((o) => zurichDay(o.startsAt));
        if (schedule.kind === 'rule') expect(ruleDays(schedule)).toEqual(server);
        if (schedule.kind === 'period') expect(periodDays(schedule)[0]).toBe(server[0]);
        const preview = previewOfForm(values);
        expect(preview?.count).toBe(schedule.kind === 'period' ? periodDays(schedule).length : server.length);
        const days =
          schedule.kind === 'dates'
            ? schedule.dates.map((d) => d.date)
            : schedule.kind === 'rule'
              ? [schedule.firstDate, ...(schedule.until ? [schedule.until] : []), ...schedule.exclude]
              : [schedule.from, schedule.to, ...schedule.closed];
        for (const d of days) expect(isCalendarDate(d), d).toBe(true);
      }
    });
    // The random forms reach every kind of accepted schedule, not only refusals.
    for (const kind of ['single', 'dates', 'rule', 'period']) expect(accepted.get(kind) ?? 0, kind).toBeGreaterThan(0);
  }, 240_000);

  it('le navigateur (les vérifications en quittant un champ) : jamais d’exception, les mêmes messages', async () => {
    await assertRuns(whenFields, (when) => {
      // Only what the browser sends (an unticked box is absent), as conform hands it to the form's check.
      const { errors, schedule } = checkEventForm({ ...REST, ...when }, NOW);
      expectFieldMessages(errors);
      if (!schedule.ok) expect(Object.keys(errors).length).toBeGreaterThan(0);
      // The preview under the fields: a summary of the schedule, or none while the fields describe none.
      const preview = previewOfForm({ ...REST, ...when });
      if (!schedule.ok || !schedule.schedule) expect(preview).toBeNull();
      else {
        expect(preview?.sentence.length).toBeGreaterThan(5);
        // FIRST_DATES, or one more rather than « et 1 autre ».
        expect(preview?.first.length).toBeLessThanOrEqual(FIRST_DATES + 1);
        if (preview && preview.first.length > FIRST_DATES) expect(preview.count).toBe(FIRST_DATES + 1);
        expect(preview?.first.every((d) => isCalendarDate(d.date) && !/NaN|Invalid/.test(`${d.day} ${d.hours}`))).toBe(
          true,
        );
      }
    });
  }, 240_000);
});
