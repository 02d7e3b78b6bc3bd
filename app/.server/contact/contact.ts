// Contact use case: keep the message, then tell the admins by mail.
import type { ContactInput } from '~/domain/contact';
import { SITE_NAME } from '~/domain/site';
import { escapeHtml } from '../mail/mailer';
import { newId } from '../platform/ids';
import type { MailPort, Store } from '../ports';
import type { Services } from '../services';

export async function sendContactMessage(
  deps: { store: Store; mailer: MailPort; fallbackRecipient: string },
  input: ContactInput,
  now = new Date(),
): Promise<{ id: string }> {
  const id = newId();
  await deps.store.contactMessages.add({ id, ...input, createdAt: now.toISOString() });
  const admins = await deps.store.users.listAdmins();
  const to = admins.length > 0 ? admins.map((a) => a.email) : [deps.fallbackRecipient];
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
  try {
    await deps.mailer.send({ to, subject: `[Contact] ${input.subject}`, text, html, replyTo: input.email });
  } catch (error) {
    // The message is stored: a mail failure must not make the visitor send it again.
    console.error('[contact] envoi du mail aux admins impossible', error);
  }
  return { id };
}

export function contactDeps({ store, mailer, config }: Services) {
  return { store, mailer, fallbackRecipient: config.CONTACT_TO };
}
