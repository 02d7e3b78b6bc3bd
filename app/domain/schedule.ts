// When an event takes place, beyond one date: a list of dates (each with its own times), a recurrence rule (weekly
// on chosen days, every N weeks, monthly on the Nth weekday or a day of the month, with an end and excluded dates),
// or a period with opening hours per weekday. Pure and light (no recurrence library): shared by the form in the
// browser and the server. Expansion to dated occurrences: app/.server/schedule/schedule-expand.ts (server side, rrule-temporal).
import { addDaysToDate, isCalendarDate } from './dates';
import { MAX_OCCURRENCES, WEEKDAYS, type Weekday } from './schedule-model';
import { z } from './zod';

// The kinds, types and reading helpers live apart, so that a page showing a schedule does not carry the schema.
export * from './schedule-model';

const HM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isYmd = isCalendarDate;
const isHm = (v: string) => HM.test(v);

const date = (message: string) => z.string().trim().refine(isYmd, message);
const time = (message: string) => z.string().trim().regex(HM, message);
const optionalTime = z
  .string()
  .trim()
  .refine((v) => v === '' || HM.test(v), 'Heure de fin invalide.')
  .default('');

const weekday = z.enum(WEEKDAYS, { error: 'Choisissez un jour de la semaine.' });

const dateEntry = z
  .object({
    date: date('Indiquez une date valide.'),
    start: time('Indiquez l’heure de début.'),
    end: optionalTime,
  })
  .superRefine((v, ctx) => {
    if (v.end && isHm(v.start) && isHm(v.end) && v.end <= v.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'La fin doit être après le début.' });
  });

const ruleSchema = z.object({
  kind: z.literal('rule'),
  firstDate: date('Indiquez la date de la première fois.'),
  start: time('Indiquez l’heure de début.'),
  end: optionalTime,
  freq: z.enum(['weekly', 'monthly'], { error: 'Choisissez chaque semaine ou chaque mois.' }),
  interval: z.coerce
    .number({ error: 'Indiquez un nombre de semaines ou de mois.' })
    .int('Indiquez un nombre entier.')
    .min(1, 'L’intervalle est d’au moins 1.')
    .max(12, 'L’intervalle ne peut pas dépasser 12.'),
  byDay: z.array(weekday).max(7).default([]),
  monthly: z
    .discriminatedUnion('mode', [
      z.object({
        mode: z.literal('weekday'),
        nth: z.coerce
          .number()
          .int()
          .refine((n) => n === -1 || (n >= 1 && n <= 5), 'Choisissez le 1er, 2e, 3e, 4e, 5e ou le dernier.'),
        weekday,
      }),
      z.object({
        mode: z.literal('monthday'),
        day: z.coerce
          .number({ error: 'Indiquez un jour du mois entre 1 et 31.' })
          .int('Indiquez un jour du mois entre 1 et 31.')
          .min(1, 'Indiquez un jour du mois entre 1 et 31.')
          .max(31, 'Indiquez un jour du mois entre 1 et 31.'),
      }),
    ])
    .nullable()
    .default(null),
  until: z
    .string()
    .trim()
    .refine((v) => v === '' || isYmd(v), 'Indiquez une date de fin valide.')
    .default(''),
  count: z.coerce
    .number({ error: 'Indiquez un nombre de fois.' })
    .int('Indiquez un nombre entier de fois.')
    .min(1, 'Indiquez au moins 1 fois.')
    .max(MAX_OCCURRENCES, `Une série compte au plus ${MAX_OCCURRENCES} dates.`)
    .nullable()
    .default(null),
  exclude: z.array(date('Indiquez une date exclue valide.')).max(MAX_OCCURRENCES).default([]),
});

type Issue = (path: string, message: string) => void;

// The checks across fields run even when a field has failed its own check (zod refines a union whatever its parts
// gave): each compares only values that passed theirs, and computes nothing from the others.
function checkRule(v: z.infer<typeof ruleSchema>, issue: Issue) {
  if (v.end && isHm(v.start) && isHm(v.end) && v.end <= v.start) issue('end', 'La fin doit être après le début.');
  if (v.freq === 'weekly' && v.byDay.length === 0) issue('byDay', 'Cochez au moins un jour de la semaine.');
  if (v.freq === 'monthly' && !v.monthly) issue('monthly', 'Choisissez quel jour du mois.');
  if (!v.until && v.count === null)
    issue('until', 'Indiquez quand la série se termine : une date de fin ou un nombre de fois.');
  if (v.until && v.count !== null) issue('count', 'Indiquez une date de fin ou un nombre de fois, pas les deux.');
  if (isYmd(v.until) && isYmd(v.firstDate) && v.until < v.firstDate)
    issue('until', 'La date de fin doit être après la première date.');
}

const hoursSchema = z
  .object({ open: time('Indiquez l’heure d’ouverture.'), close: time('Indiquez l’heure de fermeture.') })
  .superRefine((v, ctx) => {
    if (isHm(v.open) && isHm(v.close) && v.close <= v.open)
      ctx.addIssue({
        code: 'custom',
        path: ['close'],
        message: `La fermeture (${v.close}) doit être après l’ouverture (${v.open}).`,
      });
  });

const periodSchema = z.object({
  kind: z.literal('period'),
  from: date('Indiquez le premier jour.'),
  to: date('Indiquez le dernier jour.'),
  hours: z.object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, hoursSchema.optional()])) as Record<
      Weekday,
      z.ZodOptional<typeof hoursSchema>
    >,
  ),
  closed: z.array(date('Indiquez une date de fermeture valide.')).max(MAX_OCCURRENCES).default([]),
});

function checkPeriod(v: z.infer<typeof periodSchema>, issue: Issue) {
  // A missing or impossible day has its own message already.
  const days = isYmd(v.from) && isYmd(v.to);
  if (days && v.to < v.from) issue('to', 'Le dernier jour doit être après le premier.');
  else if (days && addDaysToDate(v.from, 366 * 2) < v.to) issue('to', 'Une période dure au plus deux ans.');
  if (!WEEKDAYS.some((d) => v.hours[d])) issue('hours', 'Indiquez les heures d’ouverture d’au moins un jour.');
  const outside = days ? v.closed.find((d) => isYmd(d) && (d < v.from || d > v.to)) : undefined;
  if (outside) issue('closed', `Le ${outside.split('-').reverse().join('.')} n’est pas dans la période.`);
}

const datesSchema = z.object({
  kind: z.literal('dates'),
  dates: z
    .array(dateEntry)
    .min(2, 'Indiquez au moins deux dates (pour une seule, choisissez « une date »).')
    .max(MAX_OCCURRENCES, `Une liste compte au plus ${MAX_OCCURRENCES} dates.`)
    .superRefine((dates, ctx) => {
      const seen = new Set<string>();
      dates.forEach((d, i) => {
        const key = `${d.date}T${d.start}`;
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'date'],
            message: 'Cette date et cette heure sont déjà indiquées.',
          });
        seen.add(key);
      });
    }),
});

/**
 * The schedule as an organizer describes it, with French messages. Structure only: the number of occurrences of a
 * rule (at most MAX_OCCURRENCES) needs the expansion, checked by scheduleProblems (app/.server/schedule/schedule-expand.ts).
 */
export const scheduleSchema = z
  .discriminatedUnion('kind', [datesSchema, ruleSchema, periodSchema], {
    error: 'Choisissez une date, plusieurs dates, une répétition ou une période.',
  })
  .superRefine((v, ctx) => {
    const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind === 'rule') checkRule(v, issue);
    if (v.kind === 'period') checkPeriod(v, issue);
  });

/** Messages per field (a dotted path, e.g. `dates.1.end`), the first one of each. */
export function scheduleIssues(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.join('.') || 'schedule'] ??= issue.message;
  return errors;
}
