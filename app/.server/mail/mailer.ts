// The mail port: SMTP when SMTP_URL is set, otherwise an outbox of .eml files under DATA_DIR/outbox.
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SITE_NAME } from '~/domain/site';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import type { MailPort } from '../ports';

export function createOutboxMailer(outboxDir: string, from: string): MailPort {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: { name: SITE_NAME, address: from }, ...message });
      fs.mkdirSync(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId(6)}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      // Never the links: they carry single-use tokens (verification, reset), which must not reach the logs.
      console.log(`[mail] « ${message.subject} » → ${[message.to].flat().join(', ')} (${file})`);
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): MailPort {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: { name: SITE_NAME, address: from }, ...message });
    },
  };
}

/** SMTP when configured, else the outbox folder beside the data. */
export function createMailer(config: Config): MailPort {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createOutboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
