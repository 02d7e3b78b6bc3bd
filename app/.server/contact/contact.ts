// Contact use case: keep the message and, in the same write, the mail that tells the admins (decision 060).
import type { ContactInput } from '~/domain/contact';
import { SITE_NAME } from '~/domain/site';
import { escapeHtml } from '../mail/mailer';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import type { MailPort, Store } from '../ports';

export async function sendContactMessage(
  /** `config.CONTACT_TO`: where the message goes when the site has no admin yet. */
  deps: { store: Store; mailer: MailPort; config: Pick<Config, 'CONTACT_TO'> },
  input: ContactInput,
  now = new Date(),
): Promise<{ id: string }> {
  const id = newId();
  const admins = await deps.store.users.listAdmins();
  const to = admins.length > 0 ? admins.map((a) => a.email) : [deps.config.CONTACT_TO];
  const text = [
    `Nouveau message reçu via le formulaire de contact de ${SITE_NAME}.`,
    '',
    `De : ${input.name} <${input.email}>`,
    `Sujet : ${input.subject}`,
    '',
    input.message,
    '',
    `Répondez directement à cet email pour écrire à ${input.name}.`,
  ].join('\n');
  const html = `<p>Nouveau message reçu via le formulaire de contact de ${escapeHtml(SITE_NAME)}.</p>
<p><strong>De :</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>Sujet :</strong> ${escapeHtml(input.subject)}</p>
<blockquote style="white-space:pre-wrap">${escapeHtml(input.message)}</blockquote>
<p>Répondez directement à cet email pour écrire à ${escapeHtml(input.name)}.</p>`;
  // Recorded with the message, sent by the `mails` job: the visitor never waits for the mail server, and a mail server
  // that is down delays the mail instead of losing it.
  await deps.mailer.sendWithin(
    { to, subject: `[Contact] ${input.subject}`, text, html, replyTo: input.email },
    (mail) => deps.store.contactMessages.add({ id, ...input, createdAt: now.toISOString() }, mail),
  );
  return { id };
}
