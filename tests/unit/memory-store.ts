// A fresh, migrated SQLite store in memory for use-case tests.
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import type { MailMessage, MailPort } from '../../app/.server/ports';

export function memoryStore() {
  const db = openDatabase(':memory:');
  return { db, store: createSqliteStore(db) };
}

export function recordingMailer(): MailPort & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
