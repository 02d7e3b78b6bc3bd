// French account mails: plain text and HTML, signed with the site name.

import { quoted } from '~/domain/quoted';
import { SITE_NAME } from '~/domain/site';
import { nameForMail } from '~/domain/text';
import { escapeHtml } from './mailer';

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The greeting: names are checked when typed (no link, no markup), but names saved before that rule, or given by
 * Google, go through nameForMail so a mail never carries an address someone typed as their name.
 */
function greeting(displayName: string): string {
  const name = nameForMail(displayName);
  return name ? `Bonjour ${name},` : 'Bonjour,';
}

export function layout(
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): Omit<Mail, 'subject'> {
  const text = [...paragraphs, '', `${action.label} : ${action.url}`, '', footer, '', `— ${SITE_NAME}`].join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#1c1f24;line-height:1.5">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#c8102e;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#4a505a">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur&nbsp;:<br>${escapeHtml(action.url)}</p>
<p style="font-size:14px;color:#4a505a">${escapeHtml(footer)}</p>
<p>— ${escapeHtml(SITE_NAME)}</p>
</body></html>`;
  return { text, html };
}

export function verificationMail(displayName: string, url: string): Mail {
  return {
    subject: `Confirmez votre adresse email — ${SITE_NAME}`,
    ...layout(
      [
        greeting(displayName),
        `Merci de votre inscription sur ${SITE_NAME} ! Confirmez votre adresse email pour publier vos événements.`,
      ],
      { label: 'Confirmer mon adresse', url },
      'Vous n’avez pas créé de compte ? Ignorez simplement ce message.',
    ),
  };
}

export function passwordResetMail(displayName: string, url: string): Mail {
  return {
    subject: `Réinitialisation de votre mot de passe — ${SITE_NAME}`,
    ...layout(
      [
        greeting(displayName),
        'Vous avez demandé à changer votre mot de passe. Ce lien est valable une heure et ne sert qu’une fois.',
      ],
      { label: 'Choisir un nouveau mot de passe', url },
      'Vous n’avez rien demandé ? Ignorez ce message : votre mot de passe reste inchangé.',
    ),
  };
}

export function eventApprovedMail(displayName: string, eventTitle: string, url: string): Mail {
  return {
    subject: `Votre événement est publié — ${SITE_NAME}`,
    ...layout(
      [greeting(displayName), `Bonne nouvelle : ${quoted(eventTitle)} est maintenant publié sur ${SITE_NAME}.`],
      { label: 'Voir l’événement', url },
      'Vous pouvez le modifier depuis votre tableau de bord : vos changements seront relus avant de remplacer la version publiée.',
    ),
  };
}

export function eventRejectedMail(displayName: string, eventTitle: string, reason: string, url: string): Mail {
  return {
    subject: `Votre événement n’a pas été publié — ${SITE_NAME}`,
    ...layout(
      [
        greeting(displayName),
        `${quoted(eventTitle)} n’a pas été publié sur ${SITE_NAME}.`,
        `Motif du refus : ${reason}`,
        'Vous pouvez corriger l’événement et le soumettre à nouveau.',
      ],
      { label: 'Ouvrir mon tableau de bord', url },
      'Une question ? Répondez à ce message ou écrivez-nous depuis la page Contact.',
    ),
  };
}

/**
 * Someone registered with an address that already has an account: its owner is told (and nobody else learns it
 * exists). The name is the account's own, never the one typed in the registration form.
 */
export function accountExistsMail(displayName: string, loginUrl: string, resetUrl: string): Mail {
  return {
    subject: `Vous avez déjà un compte — ${SITE_NAME}`,
    ...layout(
      [
        greeting(displayName),
        `Quelqu’un (vous, sans doute) vient de s’inscrire sur ${SITE_NAME} avec cette adresse. Vous avez déjà un compte\u00a0: aucun autre n’a été créé.`,
        `Connectez-vous avec votre mot de passe habituel. Vous l’avez oublié\u202f? Choisissez-en un nouveau\u00a0: ${resetUrl}`,
      ],
      { label: 'Me connecter', url: loginUrl },
      'Ce n’était pas vous\u202f? Ignorez ce message\u00a0: votre compte reste inchangé.',
    ),
  };
}

export function revisionApprovedMail(displayName: string, eventTitle: string, url: string): Mail {
  return {
    subject: `Votre modification est publiée — ${SITE_NAME}`,
    ...layout(
      [greeting(displayName), `Vos changements de ${quoted(eventTitle)} sont maintenant publiés sur ${SITE_NAME}.`],
      { label: 'Voir l’événement', url },
      'Chaque modification d’un événement publié est relue avant de remplacer la version en ligne.',
    ),
  };
}

export function revisionRejectedMail(displayName: string, eventTitle: string, reason: string, url: string): Mail {
  return {
    subject: `Votre modification n’a pas été publiée — ${SITE_NAME}`,
    ...layout(
      [
        greeting(displayName),
        `Vos changements de ${quoted(eventTitle)} n’ont pas été publiés : la version déjà en ligne reste visible.`,
        `Motif du refus : ${reason}`,
        'Vous pouvez modifier l’événement à nouveau depuis votre tableau de bord.',
      ],
      { label: 'Ouvrir mon tableau de bord', url },
      'Une question ? Répondez à ce message ou écrivez-nous depuis la page Contact.',
    ),
  };
}
