// Sending e-mail.

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe of the alert digests). */
  headers?: Record<string, string>;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
