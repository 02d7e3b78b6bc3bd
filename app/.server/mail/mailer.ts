// The mail transports the `mails` job sends through (decision 060): SMTP when SMTP_URL is set, otherwise an outbox of
// .eml files under DATA_DIR/outbox. Requests never reach them: use cases record mails in the queue (queue.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SITE_NAME } from '~/domain/site';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import { onFirstUse } from '../platform/on-first-use';
import { PRIVATE_FILE, privateDir } from '../platform/private-files';
import type { MailTransport } from '../ports';

/** How long a mail server may take to accept a connection, to greet, or to answer any command. */
export const SMTP_TIMEOUTS = {
  dnsTimeout: 5_000,
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
};
/** The longest one delivery may take, whatever the server does (a trickle of bytes resets the socket timeout). */
export const SMTP_DELIVERY_DEADLINE_MS = 30_000;
/** Loaded with the first mail sent: a process that sends none never holds it. */
const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer');

const createStreamTransport = () =>
  nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

export function createOutboxTransport(outboxDir: string, from: string): MailTransport {
  let transport: ReturnType<typeof createStreamTransport> | undefined;
  return {
    async deliver({ messageId, ...message }) {
      transport ??= createStreamTransport();
      const info = await transport.sendMail({ from: { name: SITE_NAME, address: from }, messageId, ...message });
      // Their links sign in and reset passwords: the folder and its mails are the site's alone.
      privateDir(outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId(6)}.eml`;
      // Written beside, then renamed: a reader (or a crash) never sees half a mail.
      const temp = path.join(outboxDir, `.${name}.${crypto.randomBytes(4).toString('hex')}.tmp`);
      fs.writeFileSync(temp, info.message as Buffer, { mode: PRIVATE_FILE });
      fs.renameSync(temp, path.join(outboxDir, name));
      // Never the links: they carry single-use tokens (verification, reset), which must not reach the logs.
      console.log(`[mail] « ${message.subject} » → ${[message.to].flat().join(', ')} (${name})`);
    },
  };
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  return {
    async deliver({ messageId, ...message }) {
      // A connection per delivery, closed after it: a server that stops answering holds nothing of ours.
      const transport = nodemailer().createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          transport.close();
          reject(Object.assign(new Error('Délai d’envoi dépassé'), { code: 'ETIMEDOUT' }));
        }, SMTP_DELIVERY_DEADLINE_MS);
      });
      try {
        await Promise.race([
          transport.sendMail({ from: { name: SITE_NAME, address: from }, messageId, ...message }),
          deadline,
        ]);
      } finally {
        clearTimeout(timer);
        transport.close();
      }
    },
  };
}

/** How mails leave, for the operator's start-up line: the SMTP server (never its password), or the outbox folder. */
export function mailMode(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR'>): string {
  if (!config.SMTP_URL)
    return `Mails : écrits dans ${path.join(config.DATA_DIR, 'outbox')}, pas envoyés (SMTP_URL n’est pas défini).`;
  const url = new URL(config.SMTP_URL);
  return `Mails : envoyés par ${url.protocol}//${url.host}.`;
}

/** SMTP when configured, else the outbox folder beside the data. */
export function createMailTransport(config: Config): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxTransport(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
