// The sitemaps (decision 159), on SQLite and on Firestore: the index groups the days of the events to come into files
// of at most `perFile` events, and those files together list every public event to come, once, and nothing else.
import { describe, expect, it } from 'vitest';
import { sitemapIndex } from '../../app/.server/feeds/sitemap';
import { makeEvent } from '../support/factories';
import { eventsOfFiles, locsOf } from '../support/sitemaps';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const SITE = 'https://agenda.example';
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe.each(BACKENDS)('plans du site en fichiers bornés : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('chaque événement public à venir dans un fichier, aucun fichier au-delà de sa limite', async () => {
    // Three a day on days 1 to 4, one ended yesterday, one waiting for moderation, one refused.
    const upcoming = Array.from({ length: 12 }, (_, i) =>
      makeEvent(
        {
          id: `e${i}`,
          slug: `e${i}`,
          startsAt: inDays(1 + Math.floor(i / 3)),
          endsAt: inDays(1.1 + Math.floor(i / 3)),
        },
        { now: NOW },
      ),
    );
    const others = [
      makeEvent({ id: 'passe', slug: 'passe', startsAt: inDays(-1.2), endsAt: inDays(-1) }, { now: NOW }),
      makeEvent(
        { id: 'attente', slug: 'attente', status: 'pending', startsAt: inDays(2), endsAt: inDays(2.1) },
        { now: NOW },
      ),
      makeEvent(
        { id: 'refuse', slug: 'refuse', status: 'rejected', startsAt: inDays(3), endsAt: inDays(3.1) },
        { now: NOW },
      ),
    ];
    await store.events.insertMany([...upcoming, ...others]);
    const services = { store, config: { SITE_URL: SITE } };
    const files = locsOf(await sitemapIndex(services, 7, NOW)).slice(1);
    // Days of 3 events in files of 7 at most: two days a file, hence two files.
    expect(files).toHaveLength(2);
    const listed = await eventsOfFiles(services, files, 7, NOW);
    expect(listed.sort()).toEqual(upcoming.map((e) => `${SITE}/evenement/${e.id}`).sort());
  });
});
