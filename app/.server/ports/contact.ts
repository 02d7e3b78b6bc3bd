// Messages sent through the contact form.
import type { NewMail } from './mail';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface ContactMessageStore {
  /** Keeps a message and, in the same write, the mail that brings it to the admins (nothing half-written). */
  add(message: ContactMessage, mail?: NewMail): Promise<void>;
  count(): Promise<number>;
  /** The latest messages, newest first. */
  listRecent(limit: number): Promise<ContactMessage[]>;
}
