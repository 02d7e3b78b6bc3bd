// Messages sent through the contact form.

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface ContactMessageStore {
  add(message: ContactMessage): Promise<void>;
  count(): Promise<number>;
  /** The latest messages, newest first. */
  listRecent(limit: number): Promise<ContactMessage[]>;
}
