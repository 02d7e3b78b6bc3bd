// The event form (submit and edit): one zod schema for the browser's inline checks and the server's parse.

import { CANTON_CODES, CANTON_NAMES, type CantonCode } from './cantons';
import { isCategorySlug } from './categories';
import { addDaysToDate, isCalendarDate, zurichDay, zurichIso } from './dates';
import { performersField } from './performers-form';
import { postalCodeFitsCanton } from './postal-codes';
import { swissAmount } from './swiss-amount';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

export { EVENT_FLAG_FIELDS, EVENT_TEXT_FIELDS, NEW_PLACE } from './event-form-fields';

/** A one-line text (a title, a place, a name): a line break in it is refused (it would break mails and feeds). */
const text = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} est obligatoire.`)
    .min(min, `${label} doit compter au moins ${min}\u00a0caractères.`)
    .max(max, `${label} ne peut pas dépasser ${max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} ne peut pas dépasser ${max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE)
    .default('');
const webUrl = z
  .string()
  .trim()
  .max(500, 'Cette adresse est trop longue.')
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
    'Indiquez une adresse web complète commençant par https://.',
  )
  .default('');
/** An amount in francs as a price holds it: up to 99,999.99. */
const PRICE = /^\d{1,5}(\.\d{1,2})?$/;

/** A price as typed, in francs (« 30.– », « 12,50 », « 1'200 »); null when empty or not an amount. */
function priceOf(typed: string): number | null {
  const v = swissAmount(typed);
  return PRICE.test(v) ? Number(v) : null;
}

/** What a price field that is not an amount is told: negative and too high have their own words. */
function priceProblem(typed: string): string | null {
  const v = swissAmount(typed);
  if (v === '' || PRICE.test(v)) return null;
  if (/^-\s*\d/.test(v)) return 'Un prix ne peut pas être négatif.';
  if (/^\d{6,}([.,]\d*)?$/.test(v)) return 'Indiquez un prix de 99\u202f999 francs au plus.';
  return 'Indiquez un montant en francs, par exemple 25 ou 12.50.';
}
const price = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const message = priceProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(priceOf)
  // Optional in itself (« gratuit » or a price: crossFieldErrors), so not `required` in the form; absent, no price.
  .default(null);
const flag = z.preprocess((v) => v === 'on' || v === '1' || v === 'true' || v === true, z.boolean());
const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .default('')
    .transform((v) => (v === '' ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= min && v <= max), 'Position hors de Suisse romande.');

const placeChoice = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,40}$/, 'Choisissez dans la liste, ou proposez-en un nouveau.')
  .default('');

const CHOOSE_CATEGORY = 'Choisissez une catégorie.';

/** How far ahead an event may start: five years (a series then ends within the centuries its dates can be written). */
const MAX_DAYS_AHEAD = 5 * 366;

/**
 * The form schema, relative to `now`: an event cannot start in the past, unless it is an edit that keeps the start it
 * had (`began`: an exhibition that has opened, a festival under way). `categories` are the slugs an organizer may
 * choose (the store's active ones); without them, any well-formed slug passes (the store's key still checks).
 * Its fields come in the page's order: the error summary lists their messages so.
 */
export function eventFormSchema(now: Date = new Date(), categories?: readonly string[], began?: string) {
  return z
    .object({
      title: text('Le titre', 3, 120),
      category: z
        .string({ error: CHOOSE_CATEGORY })
        .refine((v) => isCategorySlug(v) && (!categories || categories.includes(v)), CHOOSE_CATEGORY),
      // Paragraphs welcome here: the one multi-line field.
      description: z
        .string()
        .trim()
        .min(1, 'La description est obligatoire.')
        .min(20, 'La description doit compter au moins 20\u00a0caractères.')
        .max(5000, 'La description ne peut pas dépasser 5000\u00a0caractères.')
        .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE),
      // « Artistes, intervenants »: names separated by commas, kept as a list (app/domain/performers.ts).
      performers: performersField,
      startDate: z
        .string()
        .trim()
        .refine((v) => v === '' || isCalendarDate(v), 'Cette date n’existe pas.')
        .refine((v) => v !== '', 'Indiquez la date de début.'),
      startTime: z.string().trim().default(''),
      endDate: z.string().trim().default(''),
      endTime: z.string().trim().default(''),
      allDay: flag,
      // The venue chosen: an id, NEW_PLACE or empty (place-choice.ts); without JS, `venueText`, read back by the server.
      venueId: placeChoice,
      venueText: optionalText('Le lieu cherché', 200),
      venueName: text('Le lieu', 2, 120),
      street: optionalText('L’adresse', 120),
      postalCode: z
        .string()
        .trim()
        .min(1, 'Le NPA est obligatoire.')
        .regex(/^\d{4}$/, 'Le NPA suisse compte 4 chiffres.'),
      city: text('La localité', 2, 80),
      canton: z.enum(CANTON_CODES, { error: 'Choisissez un canton de Suisse romande.' }),
      lat: coordinate(45.8, 47.6),
      lng: coordinate(5.9, 8.3),
      isFree: flag,
      priceMin: price,
      priceMax: price,
      priceNote: optionalText('La précision sur le prix', 200),
      ticketUrl: webUrl,
      organizerId: placeChoice,
      organizerName: text('Le nom de l’organisateur', 2, 120),
      websiteUrl: webUrl,
      contactEmail: z
        .string()
        .trim()
        .max(254)
        .refine((v) => v === '' || z.string().email().safeParse(v).success, 'Cette adresse email n’est pas valide.')
        .default(''),
      contactPhone: z
        .string()
        .trim()
        .refine(
          (v) => v === '' || /^\+?[\d\s().-]{9,20}$/.test(v),
          'Indiquez un numéro de téléphone, par exemple 021 555 12 34.',
        )
        .default(''),
      imageAlt: optionalText('La description de l’image', 200),
      wheelchair: flag,
      hearing: flag,
      familyFriendly: flag,
      weatherDependent: flag,
    })
    .superRefine((v, ctx) => {
      for (const [path, message] of Object.entries(crossFieldErrors(v, now, began))) {
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    });
}

interface CrossFields {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
  isFree: boolean;
  priceMin: number | null;
  priceMax: number | null;
  postalCode?: string;
  canton?: string;
}

export const END_BEFORE_START = 'La fin doit être après le début.';
/** An end before the start without an end date: said with the way to end after midnight. */
export const END_AFTER_MIDNIGHT = `La fin doit être après le début\u00a0: pour finir après minuit, indiquez aussi la date de fin.`;

/** The cross-field messages that do not keep the dates from being checked. */
const PLACE_AND_PRICE = new Set(['priceMin', 'priceMax', 'postalCode']);

/**
 * Checks that involve several fields (times, dates in the past, end after start, a price or « gratuit »).
 * zod skips an object's refinements while any field is invalid, so forms also call this on the raw values
 * (see validateEventForm): the organizer sees every problem at once. `began`: the start date of the event edited,
 * which it may keep once past.
 */
export function crossFieldErrors(v: CrossFields, now: Date, began?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const timeOk = (t: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(t);
  const dateOk = isCalendarDate;
  if (!v.allDay && !timeOk(v.startTime))
    errors.startTime = 'Indiquez l’heure de début (ou cochez « toute la journée »).';
  if (v.endTime && !timeOk(v.endTime)) errors.endTime = 'Heure de fin invalide.';
  if (v.endDate && !dateOk(v.endDate)) errors.endDate = 'Date de fin invalide.';
  if (!v.isFree && v.priceMin === null && v.priceMax === null)
    errors.priceMin = 'Indiquez un prix, ou cochez «\u00a0Entrée gratuite\u00a0».';
  if (v.isFree && (v.priceMin !== null || v.priceMax !== null))
    errors[v.priceMin === null ? 'priceMax' : 'priceMin'] =
      'Une entrée gratuite n’a pas de prix\u00a0: videz le prix, ou décochez «\u00a0Entrée gratuite\u00a0».';
  const postalCode = v.postalCode ?? '';
  const canton = v.canton && Object.hasOwn(CANTON_NAMES, v.canton) ? CANTON_NAMES[v.canton as CantonCode] : '';
  if (canton && /^\d{4}$/.test(postalCode) && !postalCodeFitsCanton(postalCode, v.canton as CantonCode))
    errors.postalCode = `Le NPA ${postalCode} n’est pas dans le canton choisi (${canton})\u00a0: vérifiez le NPA ou le canton.`;
  if (v.priceMin !== null && v.priceMax !== null && v.priceMax < v.priceMin) {
    errors.priceMax = 'Le prix maximum doit être supérieur au minimum.';
  }
  if (!dateOk(v.startDate) || Object.keys(errors).some((k) => !PLACE_AND_PRICE.has(k))) return errors;
  const { startsAt, endsAt, openEnd } = eventTimes(v);
  const kept = began !== undefined && v.startDate === began;
  if (!kept && Date.parse(v.allDay ? zurichIso(v.startDate, '23:59') : startsAt) < now.getTime()) {
    errors.startDate = 'La date de début est déjà passée.';
  } else if (v.startDate > addDaysToDate(zurichDay(now), MAX_DAYS_AHEAD)) {
    errors.startDate = 'Cette date est à plus de cinq ans\u00a0: indiquez une date plus proche.';
  } else if (v.endDate && v.endDate < v.startDate) {
    // Said of the date that is wrong, with or without an end time.
    errors.endDate = 'La date de fin ne peut pas précéder la date de début.';
  } else if (!openEnd && Date.parse(endsAt) <= Date.parse(startsAt)) {
    // Without an end time (open end), the end is only a bound: « dès 23:30 » has none to be before. Without an end
    // date, an end before the start is most often the next morning's (« 20:30 – 00:30 », a copy of such an evening).
    errors.endTime = v.endDate ? END_BEFORE_START : END_AFTER_MIDNIGHT;
  }
  return errors;
}

/** Every message of the form at once: field rules and, even when some fields are invalid, the cross-field ones. */
export function validateEventForm(
  values: Record<string, string>,
  now: Date = new Date(),
  categories?: readonly string[],
  began?: string,
) {
  const parsed = eventFormSchema(now, categories, began).safeParse(values);
  if (parsed.success) return { ok: true as const, data: parsed.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  const flag = (name: string) => values[name] === 'on' || values[name] === '1' || values[name] === 'true';
  const amount = (name: string) => priceOf(values[name] ?? '');
  const cross = crossFieldErrors(
    {
      startDate: (values.startDate ?? '').trim(),
      startTime: (values.startTime ?? '').trim(),
      endDate: (values.endDate ?? '').trim(),
      endTime: (values.endTime ?? '').trim(),
      allDay: flag('allDay'),
      isFree: flag('isFree'),
      priceMin: amount('priceMin'),
      priceMax: amount('priceMax'),
      postalCode: (values.postalCode ?? '').trim(),
      canton: values.canton,
    },
    now,
    began,
  );
  for (const [k, m] of Object.entries(cross)) errors[k] ??= m;
  return { ok: false as const, errors };
}

export type EventFormInput = z.infer<ReturnType<typeof eventFormSchema>>;

/**
 * Start and end as ISO with the Zurich offset. Without an end time, the event is open-ended (openEnd: its end is
 * never shown nor exported) and endsAt is only the bound the filters need: two hours after the start on a single
 * day (it leaves the list of upcoming events then), the end of the last day when an end date was given.
 */
export function eventTimes(v: {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
}): { startsAt: string; endsAt: string; openEnd: boolean } {
  if (v.allDay)
    return {
      startsAt: zurichIso(v.startDate, '00:00'),
      endsAt: zurichIso(v.endDate || v.startDate, '23:59'),
      openEnd: false,
    };
  const startsAt = zurichIso(v.startDate, v.startTime);
  if (!v.endTime && !v.endDate) {
    const [h, m] = v.startTime.split(':').map(Number);
    const end = Math.min(h * 60 + m + 120, 23 * 60 + 59);
    return {
      startsAt,
      endsAt: zurichIso(
        v.startDate,
        `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`,
      ),
      openEnd: true,
    };
  }
  return { startsAt, endsAt: zurichIso(v.endDate || v.startDate, v.endTime || '23:59'), openEnd: !v.endTime };
}
