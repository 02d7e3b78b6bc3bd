// The two registration forms as the server reads them (decision 168): the visitor's and the organizer's, with their
// French messages. Apart from registration.ts so that the pages showing places never load zod.
import { REGISTRATION_LIMITS, REGISTRATION_MESSAGES } from './registration';
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacter, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { z } from './zod';

const trimmed = z.string({ error: 'Ce champ est obligatoire.' }).trim();
const line = (max: number) =>
  trimmed
    .max(max, `Ce champ ne peut pas dépasser ${max}\u00a0caractères.`)
    .refine(isSingleLine, SINGLE_LINE_MESSAGE)
    .refine(hasNoControlCharacter, CONTROL_CHARACTER_MESSAGE);

/** The visitor's form: name, email, how many, and the answers (`answer0`…`answer2`); the date's limit is the store's. */
export const registrationSchema = z.object({
  startsAt: trimmed.min(1, 'Choisissez une date.'),
  name: line(REGISTRATION_LIMITS.name.max)
    .pipe(z.string().min(1, 'Indiquez votre nom.'))
    .pipe(z.string().min(REGISTRATION_LIMITS.name.min, 'Votre nom doit compter au moins 2\u00a0caractères.')),
  email: trimmed
    .min(1, 'Indiquez votre adresse email.')
    .max(REGISTRATION_LIMITS.email.max, 'Cette adresse email est trop longue.')
    .email('Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).'),
  people: z.coerce
    .number({ error: 'Indiquez le nombre de personnes.' })
    .int('Indiquez un nombre entier de personnes.')
    .min(1, 'Inscrivez au moins une personne.')
    .max(REGISTRATION_LIMITS.perPerson.max, REGISTRATION_MESSAGES.tooMany(REGISTRATION_LIMITS.perPerson.max)),
  answer0: line(REGISTRATION_LIMITS.answer.max).optional(),
  answer1: line(REGISTRATION_LIMITS.answer.max).optional(),
  answer2: line(REGISTRATION_LIMITS.answer.max).optional(),
});

export type RegistrationInput = z.infer<typeof registrationSchema>;

/** The organizer's form for one date (`waitingList` is a checkbox; questions one per field). */
export const registrationSettingsSchema = z.object({
  startsAt: trimmed.min(1, 'Choisissez une date.'),
  places: z.coerce
    .number({ error: 'Indiquez le nombre de places.' })
    .int('Indiquez un nombre entier de places.')
    .min(REGISTRATION_LIMITS.places.min, 'Ouvrez au moins une place.')
    .max(REGISTRATION_LIMITS.places.max, 'Au plus 10\u00a0000 places.'),
  closesAt: trimmed.optional(),
  waitingList: z.literal('on').optional(),
  perPerson: z.coerce
    .number({ error: 'Indiquez le nombre de personnes par inscription.' })
    .int('Indiquez un nombre entier.')
    .min(1, 'Au moins une personne par inscription.')
    .max(
      REGISTRATION_LIMITS.perPerson.max,
      `Au plus ${REGISTRATION_LIMITS.perPerson.max}\u00a0personnes par inscription.`,
    )
    .default(REGISTRATION_LIMITS.perPerson.default),
  question0: line(REGISTRATION_LIMITS.question.max).optional(),
  question1: line(REGISTRATION_LIMITS.question.max).optional(),
  question2: line(REGISTRATION_LIMITS.question.max).optional(),
});

export type RegistrationSettingsInput = z.infer<typeof registrationSettingsSchema>;
