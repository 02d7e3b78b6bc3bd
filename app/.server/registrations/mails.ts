// The mails of places to book (decision 168), in French, each with the registrant's cancel link: the token is an HMAC
// of the registration (its id and creation instant) with the server's secret, so that every later mail (a place that
// frees up, the reminder, a change) carries it again while the store keeps only its hash.
import crypto from 'node:crypto';
import { formatDateTime } from '~/domain/dates';
import { quoted } from '~/domain/quoted';
import type { Registration } from '~/domain/registration';
import { SITE_NAME } from '~/domain/site';
import { nameForMail } from '~/domain/text';
import { newMail } from '../mail/queue';
import { layout } from '../mail/templates';
import type { NewMail } from '../ports';

export interface MailSettings {
  SITE_URL: string;
  SESSION_SECRET: string;
}

export const registrationToken = (secret: string, r: Pick<Registration, 'id' | 'createdAt'>) =>
  crypto.createHmac('sha256', secret).update(`inscription:${r.id}:${r.createdAt}`).digest('base64url');

export const hashRegistrationToken = (token: string) =>
  crypto.createHash('sha256').update(`inscription:${token}`).digest('hex');

export const cancelUrl = (config: MailSettings, r: Pick<Registration, 'id' | 'createdAt'>) =>
  `${config.SITE_URL}/inscription/annuler/${registrationToken(config.SESSION_SECRET, r)}`;

const hello = (name: string) => {
  const shown = nameForMail(name);
  return shown ? `Bonjour ${shown},` : 'Bonjour,';
};
const people = (n: number) => (n === 1 ? '1\u00a0personne' : `${n}\u00a0personnes`);
const CANCEL_LABEL = 'Annuler mon inscription';

/** One mail to one registrant, with their cancel link as its button (or the event's page). */
function mailTo(
  config: MailSettings,
  r: Registration,
  subject: string,
  paragraphs: string[],
  action: 'cancel' | 'event' = 'cancel',
  replyTo?: string,
): NewMail {
  const link =
    action === 'cancel'
      ? { label: CANCEL_LABEL, url: cancelUrl(config, r) }
      : { label: 'Voir l’événement', url: `${config.SITE_URL}/evenement/${r.eventId}` };
  const footer =
    action === 'cancel'
      ? 'Vous ne pouvez plus venir\u00a0? Annulez par ce lien\u00a0: votre place ira à la personne suivante.'
      : `Vos coordonnées ne servent qu’à cette inscription et sont effacées 30\u00a0jours après la date.`;
  return newMail({
    to: r.email,
    subject: `${subject} — ${SITE_NAME}`,
    ...layout([hello(r.name), ...paragraphs], link, footer),
    ...(replyTo ? { replyTo } : {}),
  });
}

const what = (title: string, r: Registration) => `${quoted(title)}, le ${formatDateTime(r.startsAt)}`;

export function registeredMail(config: MailSettings, title: string, r: Registration): NewMail {
  return r.status === 'confirmed'
    ? mailTo(config, r, 'Inscription confirmée', [
        `Votre inscription à ${what(title, r)} est confirmée pour ${people(r.people)}.`,
      ])
    : mailTo(config, r, 'Liste d’attente', [
        `Pour ${what(title, r)}, il ne reste plus assez de places pour ${people(r.people)}\u00a0: vous êtes sur la liste d’attente.`,
        'Dès que des places se libèrent pour vous, elles vous reviennent dans l’ordre d’inscription et nous vous écrivons aussitôt.',
      ]);
}

export function promotedMail(config: MailSettings, title: string, r: Registration): NewMail {
  return mailTo(config, r, 'Une place s’est libérée', [
    `Une place s’est libérée\u00a0: votre inscription à ${what(title, r)} est maintenant confirmée pour ${people(r.people)}.`,
  ]);
}

export function cancelledMail(config: MailSettings, title: string, r: Registration): NewMail {
  return mailTo(
    config,
    r,
    'Inscription annulée',
    [`Votre inscription à ${what(title, r)} est annulée. Merci d’avoir libéré votre place.`],
    'event',
  );
}

export function reminderMail(config: MailSettings, title: string, r: Registration): NewMail {
  return mailTo(config, r, 'C’est demain', [
    `Rappel\u00a0: vous êtes inscrit·e à ${what(title, r)} pour ${people(r.people)}.`,
  ]);
}

export function changedMail(config: MailSettings, title: string, r: Registration, change: string): NewMail {
  return mailTo(config, r, 'Changement', [`${change}`, `Votre inscription concerne ${what(title, r)}.`], 'event');
}

/** The organizer's words, answered to `replyTo` (the address of the member who wrote): a reply reaches them. */
export function organizerMessageMail(
  config: MailSettings,
  title: string,
  r: Registration,
  message: string,
  replyTo: string,
): NewMail {
  return mailTo(
    config,
    r,
    `Message de l’organisateur`,
    [`L’organisateur de ${what(title, r)} vous écrit\u00a0:`, message, 'Pour lui répondre, répondez à cet email.'],
    'cancel',
    replyTo,
  );
}
