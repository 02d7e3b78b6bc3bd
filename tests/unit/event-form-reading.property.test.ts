// Random event forms read by the browser and by the server (issue 47): the same FormData goes through conform's parse
// with the form's check, as the page runs it (checkInBrowser, eventFormErrors), and through the server's reader
// (readEventForm, then its checks). Every field may be left out (an unticked box), sent empty, sent twice, or hold
// anything; the two readings must mark the same fields with the same messages, and a form the browser lets through
// must be one the server accepts (only the number of dates, which the browser does not count, may still refuse it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSubmittedEvent } from '~/.server/events/event-form-check';
import { readEventForm } from '~/.server/http/event-form';
import { checkInBrowser } from '~/components/form/browser-check';
import { addDaysToDate, zurichToday } from '~/domain/dates';
import { eventFormSchema } from '~/domain/event-form';
import { EVENT_FORM_FIELDS, eventFormErrors } from '~/domain/event-form-values';
import { WEEKDAYS } from '~/domain/schedule';
import { checkEventForm, SCHEDULE_FIELDS } from '~/domain/schedule-form';
import { exhibitionFormFields } from '../support/factories';

const RUNS = 1000;
const NOW = new Date('2026-11-20T09:00:00+01:00');
const TODAY = zurichToday(NOW);
const inDays = (n: number) => addDaysToDate(TODAY, n);
const swiss = (ymd: string) => ymd.split('-').reverse().join('.');

const REST = {
  title: 'Exposition de printemps',
  description: 'Des peintures et des sculptures d’artistes de la région, à voir en famille.',
  category: 'expos-musees',
  venueId: 'nouveau',
  venueName: 'Galerie du Lac',
  street: 'Rue du Port 4',
  postalCode: '2000',
  city: 'Neuchâtel',
  canton: 'NE',
  isFree: 'on',
  organizerName: 'Galerie du Lac',
  contactEmail: 'galerie@exemple.ch',
  submissionKey: 'abcdefghijklmnopqrstuvwx',
};

/** Forms as the page sends them when all is right, one per kind of date (ticked boxes send « on », unticked nothing). */
const VALID: Record<string, string>[] = [
  { ...REST, scheduleKind: 'single', startDate: inDays(10), startTime: '20:00', endTime: '22:00' },
  { ...REST, scheduleKind: 'single', startDate: inDays(3), allDay: 'on', isFree: '', priceMin: '25' },
  { ...REST, scheduleKind: 'dates', dateList: `${swiss(inDays(10))} 20:00-22:00\n${swiss(inDays(11))} 17:00` },
  {
    ...REST,
    scheduleKind: 'rule',
    startDate: inDays(5),
    startTime: '18:30',
    ruleRepeat: 'weekly-1',
    ruleDayTU: 'on',
    ruleCount: '8',
  },
  { ...REST, ...exhibitionFormFields(TODAY) },
  // Each day its own hours: « Mêmes horaires chaque jour d’ouverture » unticked, so not sent at all.
  {
    ...REST,
    scheduleKind: 'period',
    startDate: inDays(1),
    endDate: inDays(60),
    ...Object.fromEntries(
      WEEKDAYS.slice(2).flatMap((d, i) => [
        [`hours${d}Open`, i % 2 ? '10:00' : '13:00'],
        [`hours${d}Close`, '18:00'],
      ]),
    ),
  },
];

const anyTime = fc.constantFrom('', '08:00', '10:00', '18:00', '23:59', '24:00', '9h30', 'midi');
const anyDate = fc.oneof(
  fc.integer({ min: -5, max: 400 }).map(inDays),
  fc.integer({ min: -5, max: 400 }).map((n) => swiss(inDays(n))),
  fc.constantFrom('', ' ', '2027-02-30', 'demain'),
);
/** « Artistes, intervenants »: names and commas, sometimes too many, too long, on two lines or in blanks. */
const anyPerformers = fc
  .array(
    fc.oneof(
      fc.constantFrom('Stephan Eicher', ' Sophie Hunger ', '', 'M', 'Stephan  Eicher', 'a\nb', 'x'.repeat(81)),
      fc.string({ maxLength: 30 }),
    ),
    { maxLength: 16 },
  )
  .chain((names) => fc.constantFrom(',', ', ', ' , ').map((comma) => names.join(comma)));

/** What a field may hold: its kind of value, a box's « on », empty, blanks, anything. */
function anyValue(field: string): fc.Arbitrary<string> {
  const common = fc.oneof(fc.constantFrom('', ' ', 'on'), fc.string({ maxLength: 12 }));
  if (field === 'performers') return fc.oneof(anyPerformers, common);
  if (/Time$|Open$|Close$/.test(field)) return fc.oneof(anyTime, common);
  if (/Date$|ruleUntil/.test(field)) return fc.oneof(anyDate, common);
  return common;
}

/** How one field of a valid form is changed: left out, sent empty, changed, sent twice. */
const change = (field: string) =>
  fc.oneof(
    fc.constant({ field, absent: true as const }),
    anyValue(field).map((value) => ({ field, value })),
    fc.tuple(anyValue(field), anyValue(field)).map(([value, second]) => ({ field, value, second })),
  );
type Change = { field: string; absent?: true; value?: string; second?: string };

const FIELDS = [...EVENT_FORM_FIELDS];
const randomForm = fc
  .tuple(
    fc.constantFrom(...VALID),
    fc.array(
      fc.constantFrom(...FIELDS).chain((field) => change(field)),
      { maxLength: 4 },
    ),
    // What else the page sends: its security fields, the « pas un doublon » box, an image, a stray field.
    fc.subarray(['csrf', 'notDuplicate', 'image', 'other']),
  )
  .map(([base, changes, extras]) => {
    const form = new FormData();
    const fields = { ...base };
    const twice: Record<string, string> = {};
    for (const c of changes as Change[]) {
      if (c.absent) delete fields[c.field];
      else {
        fields[c.field] = c.value ?? '';
        if (c.second !== undefined) twice[c.field] = c.second;
      }
    }
    if (extras.includes('csrf')) form.append('csrf', 'jeton');
    for (const [name, value] of Object.entries(fields)) {
      form.append(name, value);
      if (name in twice) form.append(name, twice[name]);
    }
    if (extras.includes('notDuplicate')) form.append('notDuplicate', 'on');
    if (extras.includes('image')) form.append('image', new File([], ''));
    if (extras.includes('other')) form.append('autre', 'valeur');
    return form;
  });

/** The browser's reading: conform's parse of the FormData with the check the event form's page runs. */
function browser(form: FormData): Record<string, string> {
  const schema = eventFormSchema();
  const submission = checkInBrowser(form, schema, (payload) => eventFormErrors(payload, NOW));
  const errors: Record<string, string> = {};
  if (submission.status !== 'error') return errors;
  for (const [name, list] of Object.entries(submission.error ?? {})) if (list?.[0]) errors[name] = list[0];
  return errors;
}

/** The server's reading: the route's reader, then the use case's checks. */
async function server(form: FormData) {
  const { values } = await readEventForm(form);
  return { values, checked: checkEventForm(values, NOW).errors, full: checkSubmittedEvent(values, NOW) };
}

async function assertRuns<T>(arbitrary: fc.Arbitrary<T>, property: (input: T) => Promise<void>) {
  const chunk = 250;
  for (let done = 0; done < RUNS; done += chunk) {
    await fc.assert(fc.asyncProperty(arbitrary, property), { numRuns: chunk });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('le navigateur et le serveur lisent le formulaire d’événement de la même façon', () => {
  it('chacun des formulaires valables est accepté des deux côtés', async () => {
    for (const values of VALID) {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.append(name, value);
      expect(browser(form), values.scheduleKind).toEqual({});
      expect((await server(form)).full.errors, values.scheduleKind).toEqual({});
    }
  });

  it('« Selon la météo » coché est lu des deux côtés ; décoché (rien n’est envoyé), il ne l’est pas', async () => {
    for (const [sent, expected] of [
      ['on', true],
      [null, false],
    ] as const) {
      const form = new FormData();
      for (const [name, value] of Object.entries(VALID[0])) form.append(name, value);
      if (sent) form.append('weatherDependent', sent);
      expect(browser(form)).toEqual({});
      const { full } = await server(form);
      expect(full.errors).toEqual({});
      expect(full.parsed.ok && full.parsed.data.weatherDependent).toBe(expected);
    }
  });

  it('« Artistes, intervenants » : la même liste de noms des deux côtés, le même refus au-delà des bornes', async () => {
    const withPerformers = (performers: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(VALID[0])) form.append(name, value);
      form.append('performers', performers);
      return form;
    };
    const named = withPerformers(' Stephan Eicher ,Sophie Hunger, ');
    expect(browser(named)).toEqual({});
    const { values, full } = await server(named);
    expect(values.performers).toBe(' Stephan Eicher ,Sophie Hunger, ');
    expect(full.parsed.ok && full.parsed.data.performers).toEqual(['Stephan Eicher', 'Sophie Hunger']);
    const tooMany = withPerformers(Array.from({ length: 13 }, (_, i) => `Artiste ${i + 1}`).join(', '));
    const message = 'Indiquez au plus 12 artistes ou intervenants (vous en avez indiqué 13).';
    expect(browser(tooMany).performers).toBe(message);
    expect((await server(tooMany)).full.errors.performers).toBe(message);
  });

  it('des formulaires au hasard : les mêmes champs signalés, les mêmes messages, le même verdict', async () => {
    let accepted = 0;
    let refused = 0;
    await assertRuns(randomForm, async (form) => {
      const inBrowser = browser(form);
      const { checked, full } = await server(form);
      expect(inBrowser).toEqual(checked);
      if (Object.keys(inBrowser).length > 0) {
        refused++;
        expect(Object.keys(full.errors).length).toBeGreaterThan(0);
        return;
      }
      accepted++;
      // Let through by the browser: the server accepts it, unless the schedule makes too many dates (its own count).
      for (const field of Object.keys(full.errors))
        expect([...SCHEDULE_FIELDS, 'startDate', 'endDate', 'startTime', 'endTime']).toContain(field);
    });
    // The random forms reach both verdicts.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  }, 240_000);
});
