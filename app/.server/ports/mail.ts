// Sending e-mail.

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface MailPort {
  send(message: MailMessage): Promise<void>;
}
