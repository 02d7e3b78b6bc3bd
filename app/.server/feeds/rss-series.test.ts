// The RSS feed of a selection reads as a list: a series is one item (decision 065), linked to its page (a guid that
// stays the same from week to week), its rule in words then its next date.
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, expect, it } from 'vitest';
import { memoryStore } from '../../../tests/unit/memory-store';
import type { Store } from '../ports';
import { seedCategories, seedDemo } from '../seed/seed';
import { buildRss } from './feeds';
import { eventsForFeed } from './queries';

const NOW = new Date('2026-11-21T09:00:00Z');
const SITE = 'https://agenda-romand.test';
let store: Store;

beforeAll(async () => {
  store = memoryStore().store;
  await seedCategories({ store });
  await seedDemo({ store }, NOW);
});

it('une série est un seul élément du flux RSS, lié à sa fiche, sa règle puis sa prochaine date', async () => {
  const { events } = await eventsForFeed({ store }, new URLSearchParams(), NOW, { series: true });
  const xml = buildRss(events, { siteUrl: SITE, title: 'T', selfUrl: `${SITE}/evenements.rss`, description: 'D' });
  const items = new XMLParser().parse(xml).rss.channel.item as { link: string; description: string }[];
  const ids = events.map((e) => e.id);
  expect(new Set(ids).size).toBe(ids.length);
  const series = events.filter((e) => e.schedule && e.schedule.kind !== 'period');
  expect(series.length).toBeGreaterThan(1);
  for (const event of series) {
    const item = items[events.indexOf(event)];
    expect(item.link).toBe(`${SITE}/evenement/${event.id}`);
    expect(item.description).toContain('Prochaine date\u00a0: ');
  }
  const rule = series.find((e) => e.schedule?.kind === 'rule');
  expect(items[events.indexOf(rule ?? events[0])].description).toMatch(/Chaque \S+, \d\d:\d\d/);
});
