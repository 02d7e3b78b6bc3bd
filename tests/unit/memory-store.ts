// A fresh, migrated SQLite store in memory for use-case tests, and mailers to go with it.

import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import type { SaveEventFormDeps } from '../../app/.server/events/save-event-form';
import { readEventForm } from '../../app/.server/http/event-form';
import type { IdentityProvider } from '../../app/.server/identity/ports';
import { deliverQueuedMails, resetTransportPause } from '../../app/.server/mail/deliver';
import { createQueuedMailer, newMail } from '../../app/.server/mail/queue';
import type { DeferredMail, MailMessage, MailPort, MailTransport, Store, UserProfile } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { makeEventForm, makeOrganizer, makeVenue } from '../support/factories';

export function memoryStore() {
  const db = openDatabase(':memory:');
  return { db, store: createSqliteStore(db) };
}

/** A mailer that keeps what it is given instead of queueing it: the messages, and the deferred account mails. */
export function recordingMailer(): MailPort & { sent: MailMessage[]; deferred: DeferredMail[] } {
  const sent: MailMessage[] = [];
  const deferred: DeferredMail[] = [];
  return {
    sent,
    deferred,
    async send(message) {
      sent.push(message);
    },
    async sendWithin(message, write) {
      await write(newMail(message));
      sent.push(message);
    },
    async sendLater(mail) {
      deferred.push(mail);
    },
  };
}

/** A mailer for use cases whose mails a test does not read (what must be written with a mail still is). */
export function ignoringMailer(): MailPort {
  return {
    async send() {},
    async sendWithin(message, write) {
      await write(newMail(message));
    },
    async sendLater() {},
  };
}

/** A mail server that keeps what it accepts, or refuses with `failure` while it is set. */
export function recordingTransport(): MailTransport & {
  sent: (MailMessage & { messageId: string })[];
  failure: Error | null;
} {
  const transport = {
    sent: [] as (MailMessage & { messageId: string })[],
    failure: null as Error | null,
    async deliver(message: MailMessage & { messageId: string }) {
      if (transport.failure) throw transport.failure;
      transport.sent.push(message);
    },
  };
  return transport;
}

/**
 * The real mail queue on a store: use cases record mails with `mailer`, `deliver()` runs the `mails` job once with a
 * recording transport, and `sent` holds what it accepted.
 */
export function mailHarness(
  store: Store,
  options: { siteUrl?: string; identity?: IdentityProvider; now?: () => Date } = {},
) {
  resetTransportPause();
  const transport = recordingTransport();
  const siteUrl = options.siteUrl ?? 'https://agenda.test';
  const deps = {
    store,
    mailTransport: transport,
    identity: options.identity,
    config: { SITE_URL: siteUrl, MAIL_FROM: 'agenda@agenda.test' },
  };
  return {
    mailer: createQueuedMailer(store, { now: options.now }),
    transport,
    sent: transport.sent,
    deliver: (now = options.now?.() ?? new Date()) => deliverQueuedMails(deps, now),
  };
}

/**
 * The real queue, delivered at once: each mail recorded is sent by the `mails` job before the use case returns, so a
 * test reads in `sent` the mails as they leave (deferred account mails written with their links).
 */
export function deliveringMailer(
  store: Store,
  options: { siteUrl?: string; identity?: IdentityProvider; now?: () => Date } = {},
): MailPort & { sent: (MailMessage & { messageId: string })[] } {
  const harness = mailHarness(store, options);
  const delivered = async (record: Promise<void>) => {
    await record;
    await harness.deliver();
  };
  return {
    sent: harness.sent,
    send: (message, sendOptions) => delivered(harness.mailer.send(message, sendOptions)),
    sendWithin: (message, write) => delivered(harness.mailer.sendWithin(message, write)),
    sendLater: (mail) => delivered(harness.mailer.sendLater(mail)),
  };
}

/** What saveEventForm needs beside a store, in tests that neither upload a file nor read a notification. */
export function saveFormServices(store: Store): SaveEventFormDeps {
  return {
    store,
    files: {} as SaveEventFormDeps['files'],
    push: { send: async () => ({ delivered: 0, gone: [] }) } as unknown as SaveEventFormDeps['push'],
    live: { poke: () => {} },
    config: { SITE_URL: 'https://agenda-romand.test' },
  };
}

/** A valid event form as the browser posts it, with these fields changed, read as the server reads it. */
export function postedEventForm(values: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...makeEventForm(), ...values })) form.set(k, v);
  return readEventForm(form);
}

/**
 * The event form's places to choose from: the categories, these accounts, the approved « Salle du Bourg » (Lausanne,
 * with its point), a pending venue and the first account's « Chorale du Bourg »; `count` counts a table's rows.
 */
export async function storeWithPlaces(users: UserProfile[]) {
  const { db, store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  for (const u of users) await store.users.upsert({ ...u, passwordHash: 'x', now: '' });
  await store.venues.insertMany([
    makeVenue({
      id: 'bourg',
      slug: 'salle-du-bourg',
      name: 'Salle du Bourg',
      street: 'Rue de Bourg 51',
      postalCode: '1003',
      locality: 'Lausanne',
      canton: 'VD',
      lat: 46.5205,
      lng: 6.6345,
      status: 'approved',
    }),
    makeVenue({ id: 'cachee', slug: 'salle-cachee', name: 'Salle cachée', status: 'pending' }),
  ]);
  const chorale = { id: 'chorale', slug: 'chorale', name: 'Chorale du Bourg', accountUids: [users[0].uid] };
  await store.organizers.insertMany([makeOrganizer({ ...chorale, status: 'approved' })]);
  const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { store, count };
}
