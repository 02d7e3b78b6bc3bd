// The store's revision, which read caches and the page cache key on (decision 104): with several processes on one
// database file, a write that changes no page — an activity queued by the federation's inbox, a mail, a page view, a
// readiness probe — must not empty the caches of the other processes; a write that changes a page must, whoever made it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../tests/support/factories';
import { newMail } from '../../mail/queue';
import { openDatabase } from './db';
import { createSqliteStore } from './store';

const NOW = '2026-11-26T08:00:00.000Z';
const LATER = '2026-11-26T09:00:00.000Z';

/** Two processes' stores on one file (two connections, as the workers that serve and the jobs worker have). */
function twoProcesses() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-revision-')), 'agenda.sqlite');
  const serving = createSqliteStore(openDatabase(file));
  const jobs = createSqliteStore(openDatabase(file));
  return { serving, jobs };
}

describe('révision du site sur SQLite', () => {
  it('ce qui ne change aucune page, écrit par un autre processus, laisse la révision de celui qui sert', async () => {
    const { serving, jobs } = twoProcesses();
    const before = serving.revision();
    const message = { id: 'm1', dueAt: NOW, createdAt: NOW, payload: { type: 'inbox' } };
    await jobs.federation.enqueue([message]);
    await jobs.federation.claimDue(NOW, LATER, 10);
    await jobs.federation.done('m1');
    await jobs.federation.put({ kind: 'follower', key: 'agenda\u001fx', value: {}, expiresAt: null, updatedAt: NOW });
    await jobs.stats.recordPageView({ path: '/evenements', title: 'Événements', viewedAt: NOW });
    await jobs.health.probe('jobs', NOW);
    await jobs.mails.enqueue(
      newMail({ to: 'ada@example.ch', subject: 'Bonjour', text: 'Bonjour', html: '<p>Bonjour</p>' }, {}, new Date(NOW)),
    );
    const [mail] = await jobs.mails.claimDue(LATER, LATER, 10);
    await jobs.mails.delivered(mail.id);
    expect(serving.revision()).toBe(before);
    expect(jobs.revision()).toBe(before);
  });

  it('ce qui change une page, écrit par n’importe quel processus, change la révision de tous', async () => {
    const { serving, jobs } = twoProcesses();
    const before = serving.revision();
    await storeUser(jobs, { role: 'organizer' });
    const afterUser = serving.revision();
    expect(afterUser).not.toBe(before);
    expect(jobs.revision()).toBe(afterUser);
    // The record of a publication names the object a page links to (rel="alternate"): it counts.
    await jobs.federation.put({ kind: 'published', key: 'e1', value: {}, expiresAt: null, updatedAt: NOW });
    expect(serving.revision()).not.toBe(afterUser);
    const afterPublished = serving.revision();
    await serving.federation.remove('published', 'e1');
    expect(jobs.revision()).not.toBe(afterPublished);
  });

  it('chaque table de la base change la révision, ou est dite ne changer aucune page', () => {
    const db = openDatabase(':memory:');
    const unrevised = [
      'page_views',
      'health_checks',
      'mail_queue',
      'federation_queue',
      'federation_records',
      'site_revision',
      // A browser subscribed to an event's « Ça a lieu ? » (and its waiting message): no page shows it.
      'visitor_pushes',
      // An account's favourites and its feed's secret (decision 170): shown on `/favoris` only, never cached.
      'favourites',
      'favourite_feeds',
      // What an account follows (decision 173): shown on `/favoris` and to the account only, never cached.
      'follows',
      // Invitations to an organization (decision 167): shown on its management page only, never cached.
      'organizer_invitations',
      // A registrant (decision 168): what a page shows of them, the counts, is on their date's opening, which bumps it.
      'registrations',
      // The public lists' counts (decision 142): written only by the triggers of events and their dates, which bump it.
      'public_day_counts',
      // Each venue's and organizer's counts (decision 157): the same triggers write them.
      'public_place_day_counts',
      // Their sums (decision 164): the triggers of the counts write them.
      'public_day_sums',
      // What organizers and admins see of the events (decision 171): counted at every visit, shown on no public page.
      'event_figures',
      'site_figures',
    ];
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'events_fts%'").all() as {
        name: string;
      }[]
    ).map((t) => t.name);
    const triggered = new Set(
      (
        db.prepare("SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_revised_%'").all() as {
          tbl_name: string;
        }[]
      ).map((t) => t.tbl_name),
    );
    // A new table must say which it is: triggers of its own (a migration), or here, among those that change no page.
    for (const table of tables) {
      // federation_records: only a publication's record counts (a trigger with a condition).
      if (table !== 'federation_records') expect(triggered.has(table), table).toBe(!unrevised.includes(table));
    }
    expect(triggered.has('federation_records')).toBe(true);
  });
});
