// The mails of email alerts (decision 048): the confirmation (double opt-in) and the digest, in the look of the
// account mails (app/.server/mail/templates.ts), HTML and text.

import type { AgendaEvent } from '~/domain/event';
import { formatEventWhen } from '~/domain/event-dates';
import { SITE_NAME } from '~/domain/site';
import { escapeHtml } from '../mail/mailer';
import { layout } from '../mail/templates';
import type { MailMessage } from '../ports';

export interface AlertLinks {
  confirm: string;
  manage: string;
  unsubscribe: string;
  /** The filtered list on the site. */
  list: string;
}

export function alertConfirmationMail(to: string, description: string, links: AlertLinks): MailMessage {
  return {
    to,
    subject: `Confirmez votre alerte — ${SITE_NAME}`,
    ...layout(
      [
        'Bonjour,',
        `Vous avez demandé à recevoir par email les nouveaux événements d’${SITE_NAME} pour\u00a0: ${description}.`,
        `Confirmez cette alerte pour la recevoir. Ce lien est valable sept jours\u00a0; sans confirmation, rien ne vous sera envoyé et votre adresse sera effacée.`,
      ],
      { label: 'Confirmer mon alerte', url: links.confirm },
      'Vous n’avez rien demandé\u202f? Ignorez simplement ce message.',
    ),
  };
}

/** RFC 8058: the unsubscribe link answers a POST without cookies, and says so. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function alertDigestMail(
  to: string,
  description: string,
  events: readonly AgendaEvent[],
  siteUrl: string,
  links: AlertLinks,
): MailMessage {
  const count = events.length === 1 ? 'Un nouvel événement' : `${events.length} nouveaux événements`;
  const subject = `${count} pour votre alerte — ${SITE_NAME}`;
  const url = (e: AgendaEvent) => `${siteUrl}/evenement/${e.id}`;
  const where = (e: AgendaEvent) => [e.venueName, e.city].filter(Boolean).join(', ');
  const footer = [
    `Vous recevez ce message parce que vous avez demandé une alerte sur ${SITE_NAME} (${description}).`,
    `Gérer mon alerte\u00a0: ${links.manage}`,
    `Me désabonner\u00a0: ${links.unsubscribe}`,
  ];
  const text = [
    'Bonjour,',
    '',
    `${count} correspond${events.length === 1 ? '' : 'ent'} à votre alerte (${description})\u00a0:`,
    '',
    ...events.flatMap((e) => [`• ${e.title}`, `  ${formatEventWhen(e)} — ${where(e)}`, `  ${url(e)}`, '']),
    `Toute la liste\u00a0: ${links.list}`,
    '',
    ...footer,
    '',
    `— ${SITE_NAME}`,
  ].join('\n');
  const items = events
    .map(
      (e) => `<li style="margin:0 0 14px">
<a href="${escapeHtml(url(e))}" style="color:#c8102e;font-weight:600;text-decoration:none">${escapeHtml(e.title)}</a><br>
<span style="color:#4a505a">${escapeHtml(formatEventWhen(e))} — ${escapeHtml(where(e))}</span>
</li>`,
    )
    .join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family:system-ui,sans-serif;color:#1c1f24;line-height:1.5">
<p>Bonjour,</p>
<p>${escapeHtml(count)} correspond${events.length === 1 ? '' : 'ent'} à votre alerte (${escapeHtml(description)})&nbsp;:</p>
<ul style="padding-left:18px">
${items}
</ul>
<p><a href="${escapeHtml(links.list)}" style="display:inline-block;background:#c8102e;color:#fff;padding:10px 18px;border-radius:999px;text-decoration:none;font-weight:600">Voir toute la liste</a></p>
<p style="font-size:14px;color:#4a505a">${escapeHtml(footer[0])}<br>
<a href="${escapeHtml(links.manage)}" style="color:#4a505a">Gérer mon alerte</a> · <a href="${escapeHtml(links.unsubscribe)}" style="color:#4a505a">Me désabonner</a></p>
<p>— ${escapeHtml(SITE_NAME)}</p>
</body></html>`;
  return { to, subject, text, html, headers: unsubscribeHeaders(links.unsubscribe) };
}
