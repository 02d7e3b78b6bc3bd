// Issue 69: on a store of about 20,000 events, what the home page and the list pages ask SQLite is read on indexes
// bounded by what they show — none of their queries reads every event (EXPLAIN QUERY PLAN of the SQL the real loaders
// run, told by the adapter's `verbose`). And the counts kept on write (decision 142) say what a count of every date
// would, through approvals, cancellations, moves and removals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../app/.server/adapters/sqlite/db';
import { openDatabase } from '../../app/.server/adapters/sqlite/db';
import { createSqliteStore } from '../../app/.server/adapters/sqlite/store';
import { listApiEvents } from '../../app/.server/api/events';
import { homeSummary } from '../../app/.server/events/home';
import { pageCursor } from '../../app/.server/events/page-start';
import { COUNT_UP_TO, PUBLIC_STATUSES, searchEvents, similarEvents } from '../../app/.server/events/public';
import { organizerIndex, venueIndex, venuePage } from '../../app/.server/places/public-places';
import type { Store } from '../../app/.server/ports';
import { seedCategories } from '../../app/.server/seed/seed';
import { addDaysToDate, zurichToday } from '../../app/domain/dates';
import { type EventFilters, parseEventFilters } from '../../app/domain/event-filters';
import { buildManyEvents } from '../../bench/lib';
import { makeVenue } from '../support/factories';

const COPIES = 100;
const DAY = 86_400_000;
/** Above any date's start in ms: a cancelled date sorts after every date that is not. */
const SHIFT = 1_000_000_000_000_000;

/** The list's filters for a query string, as its loader reads them. */
const asked = (query: string): EventFilters => parseEventFilters(new URLSearchParams(query), ['musique']).filters;

let db: Db;
let store: Store;
const statements: string[] = [];

beforeAll(async () => {
  db = openDatabase(':memory:', { verbose: (sql) => statements.push(sql) });
  store = createSqliteStore(db);
  await seedCategories({ store });
  // 200 events (two weekly series among them) written by the store, then copied in SQL, each copy a few days later:
  // about 20,000 events and 25,000 dates in a second or two.
  await store.events.insertMany(await buildManyEvents(200, 2));
  const columns = (db.prepare('PRAGMA table_info(events)').all() as { name: string }[]).map((c) => c.name);
  const copied = columns.map((c) =>
    c === 'id' ? "id || '-' || n" : c === 'featured' ? 'featured * (n % 3 = 0)' : c === 'last_ends_ts' ? 'NULL' : c,
  );
  db.transaction(() => {
    db.exec(`
      CREATE TEMP TABLE copies AS WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${COPIES - 1})
        SELECT n FROM k;
      INSERT INTO events (${columns.join(', ')}) SELECT ${copied.join(', ')} FROM events CROSS JOIN copies;
      INSERT INTO event_occurrences (event_id, starts_at, ends_at, starts_ts, ends_ts, open_end, cancelled)
        SELECT o.event_id || '-' || n, starts_at, ends_at, starts_ts + (n % 120) * ${DAY}, ends_ts + (n % 120) * ${DAY},
          open_end, n % 17 = 0 FROM event_occurrences o CROSS JOIN copies;
      DROP TABLE copies;`);
    // Their records, as the places migration links them: 40 venues and 25 organizers.
    db.exec("UPDATE events SET venue_id = 'lieu' || (rowid % 40), organizer_id = 'orga' || (rowid % 25)");
  })();
  // A venue with some 3,700 events, an eighth of them past (decision 158: its page reads neither).
  await store.venues.create(makeVenue({ id: 'bourg', slug: 'salle-du-bourg' }));
  db.prepare("UPDATE events SET venue_id = 'bourg' WHERE id LIKE 'bench1%'").run();
  db.prepare(`UPDATE event_occurrences SET starts_ts = starts_ts - ${400 * DAY}, ends_ts = ends_ts - ${400 * DAY}
    WHERE event_id LIKE 'bench1%' AND event_id LIKE '%5'`).run();
}, 60_000);

afterAll(() => db.close());

/** The plan's lines that read the events, or their dates, without a key or a range: every one of them. */
function scans(sql: string): string[] {
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
  return plan
    .map((p) => p.detail)
    .filter(
      (d) =>
        /^SCAN (e|o|events|event_occurrences)\b/.test(d) ||
        // An index searched on the status alone reads every public event, past ones included.
        /^SEARCH (e|events) USING (COVERING )?INDEX \w+ \(status=\?\)$/.test(d) ||
        // Open towards the future: every event to come (decision 157).
        /^SEARCH (e|events) USING (COVERING )?INDEX \w+ \(status=\? AND last_ends_ts>\?\)$/.test(d) ||
        // A venue's events, or its dates or a category's, on their key alone: their past is read too (decision 158).
        /^SEARCH (e|o|events|event_occurrences) USING (COVERING )?INDEX \w+ \((venue_id|category)=\?( AND canton=\?)?\)$/.test(
          d,
        ),
    );
}

/** The lines of a statement's query plan. */
const plan = (sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail);

/** An event of a category and canton that others share: an event page's similar events. */
async function detail() {
  const event = await store.events.findById('bench3-40');
  if (!event) throw new Error('bench3-40 absent');
  return event;
}

/** The SELECTs a read ran that touch the events or their dates. */
async function queriesOf(read: () => Promise<unknown>): Promise<string[]> {
  db.prepare('UPDATE site_revision SET n = n + 1 WHERE id = 1').run();
  statements.length = 0;
  await read();
  return statements.filter((s) => /^\s*(WITH|SELECT)/i.test(s) && /\bevent(s|_occurrences)\b/.test(s));
}

describe('requêtes des pages publiques sur 20 000 événements (issue 69)', () => {
  it('la base d’essai a la taille annoncée', () => {
    expect(db.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(200 * COPIES);
  });

  it.each([
    ['l’accueil', () => homeSummary({ store })],
    ['la liste, page 2', () => searchEvents({ store }, {}, 2)],
    ['la liste, page 50', () => searchEvents({ store }, {}, 50)],
    ['une catégorie', () => searchEvents({ store }, { category: 'musique' }, 1)],
    ['un canton', () => searchEvents({ store }, { canton: 'VD' }, 3)],
    ['ce week-end', () => searchEvents({ store }, { when: 'week-end' }, 1)],
    // Their counts stop at COUNT_UP_TO events, read on the box's index or from the full-text match (decision 151).
    ['« Autour de » Lausanne', () => searchEvents({ store }, asked('autour=Lausanne'), 1, new Date(), true)],
    ['un mot courant', () => searchEvents({ store }, asked('q=concert'), 1, new Date(), true)],
    ['l’API, une date par ligne', () => listApiEvents({ store }, new URLSearchParams(), 'https://agenda.test')],
    // The upcoming events of each venue and organizer: the counts kept on write (decision 157).
    ['/lieux', () => venueIndex({ store }, '', '')],
    ['/organisateurs', () => organizerIndex({ store }, '')],
    ['un lieu', () => venuePage({ store }, 'salle-du-bourg')],
    ['les événements semblables d’une fiche', async () => similarEvents({ store }, await detail())],
  ])('%s ne parcourt ni les événements ni leurs dates', async (_name, read) => {
    const queries = await queriesOf(read);
    expect(queries.length).toBeGreaterThan(0);
    for (const sql of queries) expect(scans(sql), sql).toEqual([]);
  });

  it('l’accueil lit les dates des seuls événements mis en avant, et compte son week-end sans lire les événements', async () => {
    const queries = await queriesOf(() => homeSummary({ store }));
    const plan = (sql: string) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join('\n');
    // « À ne pas manquer »: the dates of the featured events (migration 29), not every date and its event.
    const featured = queries.filter((sql) => /e\.featured = 1/.test(sql));
    expect(featured).toHaveLength(1);
    expect(plan(featured[0])).toContain('INDEX event_occurrences_featured');
    // « Ce week-end », counted up to 500 (decision 151): on the public dates' index alone (decision 164), no event.
    const weekend = queries.filter((sql) => /SELECT DISTINCT o\.event_id/.test(sql));
    expect(weekend).toHaveLength(1);
    expect(plan(weekend[0])).toContain('COVERING INDEX event_occurrences_public_starts');
    expect(plan(weekend[0])).not.toMatch(/SEARCH e /);
    // The total to come is the categories' counts added up: no count of today's dates, which the home does not show.
    expect(queries.filter((sql) => sql.includes('event_occurrences_order'))).toEqual([]);
  });

  it('un lieu et les semblables d’une fiche parcourent leurs dates à eux, et montrent ce que montrait la requête', async () => {
    // Each walk reads the dates of its venue or its category, on their index (migration 30), not the agenda's.
    for (const [read, index] of [
      [() => venuePage({ store }, 'salle-du-bourg'), 'event_occurrences_venue'],
      [async () => similarEvents({ store }, await detail()), 'event_occurrences_category'],
    ] as const) {
      const plans = (await queriesOf(read)).map((sql) => plan(sql).join('\n'));
      expect(plans.some((p) => p.includes(`INDEX ${index} (`))).toBe(true);
    }
    // What the grouped query over every date of theirs shows: each event once, at its first date not cancelled.
    const direct = (picked: string, limit: number, ...params: unknown[]) =>
      db
        .prepare(
          `SELECT e.id, o.starts_ts AS at, MIN(o.starts_ts + o.cancelled * 1e15) FROM event_occurrences o JOIN events e ON e.id = o.event_id
           WHERE e.status IN ('approved', 'cancelled') AND o.ends_ts > ? AND ${picked} GROUP BY e.id
           ORDER BY at, e.title, e.id LIMIT ${limit}`,
        )
        .pluck()
        .all(Date.now(), ...params);
    const page = await venuePage({ store }, 'salle-du-bourg');
    if (!page || 'moved' in page) throw new Error('salle-du-bourg absente');
    expect(page.upcoming.map((e) => e.id)).toEqual(direct("e.venue_id = 'bourg'", 20));
    expect(page.total).toBe(direct("e.venue_id = 'bourg'", 1e6).length);
    expect(page.total).toBeLessThan(
      db.prepare("SELECT COUNT(*) FROM events WHERE venue_id = 'bourg'").pluck().get() as number,
    );
    const event = await detail();
    const similar = await similarEvents({ store }, event);
    expect(similar.map((e) => e.id)).toEqual(
      direct(
        "e.status = 'approved' AND e.category = ? AND e.canton = ? AND e.id <> ?",
        4,
        ...[event.category, event.canton, event.id],
      ),
    );
  });

  it('la page 50 reprend après la dernière de la page 49, sur l’index, et sans curseur au décalage', async () => {
    const cursorOf = async (page: number) => {
      const found = await searchEvents({ store }, {}, page);
      return pageCursor.read(pageCursor.write(found.items.at(-1)));
    };
    const ids = (found: { items: { id: string; startsAt: string }[] }) =>
      found.items.map((e) => `${e.startsAt} ${e.id}`);
    const byOffset = await searchEvents({ store }, {}, 50);
    const after49 = await cursorOf(49);
    expect(after49).toBeDefined();
    const queries = await queriesOf(() => searchEvents({ store }, {}, 50, new Date(), true, { after: after49 }));
    for (const sql of queries) expect(scans(sql), sql).toEqual([]);
    const byCursor = await searchEvents({ store }, {}, 50, new Date(), true, { after: after49 });
    expect(ids(byCursor)).toEqual(ids(byOffset));
    expect(byCursor.items).toHaveLength(20);
    // The cursor, not the number, says where the page starts: after page 9's last result, page 10's results.
    const after9 = await searchEvents({ store }, {}, 50, new Date(), false, { after: await cursorOf(9) });
    expect(ids(after9)).toEqual(ids(await searchEvents({ store }, {}, 10)));
    // Before page 50's first result, walking back on the index: page 49, as its offset reads it.
    const before50 = pageCursor.read(pageCursor.write(byOffset.items[0]));
    const back = await queriesOf(() => searchEvents({ store }, {}, 49, new Date(), true, { before: before50 }));
    for (const sql of back) expect(scans(sql), sql).toEqual([]);
    expect(back.some((sql) => /ORDER BY o\.starts_ts DESC/.test(sql))).toBe(true);
    const byBefore = await searchEvents({ store }, {}, 49, new Date(), true, { before: before50 });
    expect(ids(byBefore)).toEqual(ids(await searchEvents({ store }, {}, 49)));
    // A cursor whose date is not there (an old or altered link): the offset.
    const unknown = await searchEvents({ store }, {}, 50, new Date(), false, {
      after: { eventId: 'nope', startsAt: 'x' },
    });
    expect(ids(unknown)).toEqual(ids(byOffset));
  });

  it('les totaux d’une liste ne lisent ni un événement ni une date, et somment des jours, pas des cantons', async () => {
    const lists: Partial<EventFilters>[] = [
      {},
      { category: 'musique' },
      { canton: 'VD' },
      { category: 'musique', canton: 'GE' },
    ];
    for (const filters of lists) {
      const counts = (await queriesOf(() => searchEvents({ store }, filters, 2))).filter((sql) =>
        /^\s*SELECT (COUNT|COALESCE)/.test(sql),
      );
      expect(counts.length, JSON.stringify(filters)).toBeGreaterThan(0);
      for (const sql of counts) {
        // Today's dates on the public dates' index alone (migration 33): no event's status, no date's row read.
        expect(
          plan(sql).filter((line) => /^SEARCH (e|o) USING INDEX/.test(line)),
          sql,
        ).toEqual([]);
        // The days to come from their sums (a row per day), unless a category in a canton: its own counts.
        if (filters.category && filters.canton) continue;
        expect(sql, JSON.stringify(filters)).not.toContain('public_day_counts');
      }
    }
  });

  it('une page demandée par son seul numéro montre ce que montre le décalage, sans lire les résultats avant elle', async () => {
    // Each public event to come once, at its first date not cancelled (else its first), in order: what OFFSET shows.
    const ranked = (picked: string, ...params: unknown[]) =>
      db
        .prepare(
          `SELECT e.id, MIN(o.cancelled * ${SHIFT} + o.starts_ts) % ${SHIFT} AS at FROM events e
           JOIN event_occurrences o ON o.event_id = e.id
           WHERE e.status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND o.ends_ts > ? AND ${picked}
           GROUP BY e.id ORDER BY at, e.title, e.id`,
        )
        .all(...PUBLIC_STATUSES, Date.now(), ...params) as { id: string; at: number }[];
    // Some events have no date left that takes place: they stand at their first cancelled one.
    const cancelledOnly = db
      .prepare(
        `SELECT COUNT(*) FROM events e WHERE e.status = 'approved' AND NOT EXISTS (SELECT 1 FROM event_occurrences o
         WHERE o.event_id = e.id AND o.cancelled = 0) AND EXISTS (SELECT 1 FROM event_occurrences o WHERE o.event_id = e.id
         AND o.ends_ts > ?)`,
      )
      .pluck()
      .get(Date.now()) as number;
    expect(cancelledOnly).toBeGreaterThan(0);
    // And some series have their next date cancelled: they stand at the following one.
    const skipped = db
      .prepare(
        `UPDATE event_occurrences SET cancelled = 1 WHERE (event_id, starts_ts) IN (SELECT event_id, MIN(starts_ts)
         FROM event_occurrences WHERE event_id LIKE 'bench0-%' AND ends_ts > ? AND cancelled = 0 GROUP BY event_id)`,
      )
      .run(Date.now()).changes;
    expect(skipped).toBeGreaterThan(10);
    for (const [filters, picked, params, pages] of [
      [{}, '1', [], [2, 50, 300]],
      [{ category: 'musique' }, 'e.category = ?', ['musique'], [30]],
      [{ canton: 'VD' }, 'e.canton = ?', ['VD'], [20]],
      [{ category: 'musique', canton: 'GE' }, 'e.category = ? AND e.canton = ?', ['musique', 'GE'], [3]],
    ] as const) {
      const all = ranked(picked, ...params);
      for (const page of pages) {
        const offset = (page - 1) * 20;
        const queries = await queriesOf(() => searchEvents({ store }, filters, page));
        const found = await searchEvents({ store }, filters, page);
        expect(
          found.items.map((e) => e.id),
          `${JSON.stringify(filters)} page ${page}`,
        ).toEqual(all.slice(offset, offset + 20).map((r) => r.id));
        // The walk starts at the page's first instant and skips only the results of that instant before it.
        const before = all.slice(0, offset).filter((r) => r.at === all[offset].at).length;
        const walk = queries.filter((sql) => /LIMIT 20(\.0)? OFFSET/.test(sql));
        expect(walk).toHaveLength(1);
        expect(Number(/OFFSET (\d+)/.exec(walk[0])?.[1]), `${JSON.stringify(filters)} page ${page}`).toBe(before);
      }
      // Beyond the last page: nothing, as the offset said.
      expect((await searchEvents({ store }, filters, Math.ceil(all.length / 20) + 1)).items).toEqual([]);
    }
  });

  it('« Autour de » compte sur l’index de sa boîte seul, et sa page teste la boîte sur les dates publiques', async () => {
    const queries = await queriesOf(() => searchEvents({ store }, asked('autour=Lausanne'), 1, new Date(), true));
    const plans = queries.map((sql) => plan(sql).join('\n'));
    expect(plans.some((p) => p.includes('COVERING INDEX events_lat_lng_counted'))).toBe(true);
    const walk = plans.filter((p) => p.includes('INDEX event_occurrences_public_starts'));
    expect(walk).toHaveLength(1);
    expect(queries.find((sql) => sql.includes('INDEXED BY event_occurrences_public_starts'))).toMatch(
      /o\.lat BETWEEN [\d.]+ AND [\d.]+ AND o\.lng BETWEEN/,
    );
  });

  it('un mot courant : sa page parcourt les dates dans l’ordre, sans grouper tout ce qui a le mot', async () => {
    const queries = await queriesOf(() => searchEvents({ store }, asked('q=concert'), 2, new Date(), true));
    const plans = queries.map((sql) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join('\n'),
    );
    expect(plans.some((p) => p.includes('INDEX event_occurrences_public_starts'))).toBe(true);
    for (const plan of plans) expect(plan).not.toContain('USE TEMP B-TREE FOR GROUP BY');
  });

  it('un mot courant et « Autour de » comptent jusqu’à 500, puis « plus de » ; exactement en deçà', async () => {
    // What a count of every date to come says, each event once, for the events a condition on `e` picks.
    const direct = (picked: string, ...params: unknown[]) =>
      db
        .prepare(
          `SELECT COUNT(DISTINCT o.event_id) AS total, COUNT(*) - SUM(o.cancelled) AS dates
           FROM event_occurrences o JOIN events e ON e.id = o.event_id
           WHERE e.status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND o.ends_ts > ? AND ${picked}`,
        )
        .get(...PUBLIC_STATUSES, Date.now(), ...params) as { total: number; dates: number };
    const words = (word: string) => `e.id IN (SELECT event_id FROM events_fts WHERE events_fts MATCH '"${word}"*')`;
    const lausanne = asked('autour=Lausanne');
    if (!lausanne.near) throw new Error('Lausanne inconnue');
    db.prepare('UPDATE site_revision SET n = n + 1 WHERE id = 1').run();
    // Thousands of events have the word, and hundreds are near Lausanne: the count stops, and says so.
    expect(direct(words('concert')).total).toBeGreaterThan(COUNT_UP_TO);
    for (const query of ['q=concert', 'autour=Lausanne']) {
      const found = await searchEvents({ store }, asked(query), 1, new Date(), true);
      expect({ total: found.total, more: found.more, pageCount: found.pageCount }).toEqual({
        total: COUNT_UP_TO,
        more: true,
        pageCount: COUNT_UP_TO / 20,
      });
      // Deeper, the count goes two pages further: every page the pagination links to exists.
      const deep = await searchEvents({ store }, asked(query), 30, new Date(), true);
      expect({ total: deep.total, more: deep.more, items: deep.items.length }).toEqual({
        total: 32 * 20,
        more: true,
        items: 20,
      });
    }
    // Fewer than that: exact, events and dates, as without the cap.
    const rare = await searchEvents({ store }, asked('q=victoria'), 1, new Date(), true);
    expect(rare.more).toBe(false);
    expect({ total: rare.total, dates: rare.dates }).toEqual(direct(words('victoria')));
    const narrow = await searchEvents(
      { store },
      asked('autour=Lausanne&category=musique&accessible=1&gratuit=1'),
      1,
      new Date(),
      true,
    );
    const { near } = lausanne;
    const nearLausanne = `e.category = 'musique' AND e.wheelchair = 1 AND e.is_free = 1 AND e.lat IS NOT NULL AND (2 * 6371 * asin(sqrt(pow(sin(radians(e.lat - ?) / 2), 2)
      + cos(radians(?)) * cos(radians(e.lat)) * pow(sin(radians(e.lng - ?) / 2), 2)))) <= ?`;
    expect(narrow.more).toBe(false);
    expect({ total: narrow.total, dates: narrow.dates }).toEqual(
      direct(nearLausanne, near.lat, near.lat, near.lng, near.radius),
    );
    expect(narrow.total).toBeGreaterThan(0);
    // A common word's page walks the dates in order: the same dates as the full-text match sorted, page after page.
    for (const page of [1, 3]) {
      const walked = await searchEvents({ store }, asked('q=concert'), page, new Date(), true);
      const sorted = await searchEvents({ store }, asked('q=concert'), page);
      expect(walked.items.map((e) => e.startsAt)).toEqual(sorted.items.map((e) => e.startsAt));
      for (const e of walked.items)
        expect(`${e.title} ${e.description} ${e.venueName} ${e.organizerName}`).toMatch(/concert/i);
    }
    // A crowded date window (« ce week-end » of a large agenda) stops too; a narrow one is exact.
    const today = zurichToday();
    const window = `du=${today}&au=${addDaysToDate(today, 60)}`;
    const crowded = await searchEvents({ store }, asked(window), 1, new Date(), true);
    expect({ total: crowded.total, more: crowded.more }).toEqual({ total: COUNT_UP_TO, more: true });
    expect((await searchEvents({ store }, asked(window), 1)).total).toBeGreaterThan(COUNT_UP_TO);
    const few = await searchEvents({ store }, asked(`${window}&category=musique&canton=NE`), 1, new Date(), true);
    const exact = await searchEvents({ store }, asked(`${window}&category=musique&canton=NE`), 1);
    expect(few.more).toBe(false);
    expect(few.total).toBeGreaterThan(0);
    expect({ total: few.total, dates: few.dates }).toEqual({ total: exact.total, dates: exact.dates });
    // Without the cap (the other callers), the exact count.
    expect((await searchEvents({ store }, asked('q=concert'), 1)).total).toBe(direct(words('concert')).total);
  });

  it('« Autour de » avec une date : pas les dates de la fenêtre (décision 159) ; une catégorie, ses dates à elle', async () => {
    const plansOf = async (query: string) =>
      (await queriesOf(() => searchEvents({ store }, asked(query), 1, new Date(), true))).map((sql) => ({
        sql,
        plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join('\n'),
      }));
    const from = `du=${addDaysToDate(zurichToday(), 20)}`;
    // Few events (under the cap): the count and the page both on the box's index; no date of the window walked.
    const narrow = `autour=Lausanne&category=musique&accessible=1&gratuit=1&${from}`;
    for (const { sql, plan } of await plansOf(narrow)) {
      expect(plan, sql).not.toContain('INDEX event_occurrences_starts');
      expect(scans(sql), sql).toEqual([]);
    }
    // Many (over the cap): the count stops on the box's index; only the page walks the dates, to its 20 results.
    const crowded = await plansOf(`autour=Lausanne&${from}`);
    const counts = crowded.filter(({ sql }) => /^\s*SELECT COUNT/.test(sql));
    expect(counts.length).toBeGreaterThan(0);
    for (const { sql, plan } of counts) expect(plan, sql).not.toContain('INDEX event_occurrences_starts');
    // The same events and dates as the uncapped query (the API's, Firestore's): exact under the cap.
    for (const query of [narrow, `autour=Lausanne&category=musique&gratuit=1&${from}`]) {
      const capped = await searchEvents({ store }, asked(query), 1, new Date(), true);
      const exact = await searchEvents({ store }, asked(query), 1);
      expect(capped.total).toBeGreaterThan(0);
      expect(capped.more).toBe(false);
      expect({ total: capped.total, dates: capped.dates }).toEqual({ total: exact.total, dates: exact.dates });
      expect(capped.items.map((e) => `${e.startsAt} ${e.id}`)).toEqual(exact.items.map((e) => `${e.startsAt} ${e.id}`));
    }
    // A category (in a canton) in a date window, open or closed (« ce week-end »): counted on that category's dates in the window,
    // on their own index; neither every event to come (`events_status_last_end`) nor the agenda's dates.
    for (const query of [
      `category=musique&canton=NE&${from}`,
      `category=musique&${from}`,
      `category=musique&canton=VD&${from}&au=${addDaysToDate(zurichToday(), 30)}`,
    ]) {
      const counted = (await plansOf(query)).filter(({ sql }) => /^\s*SELECT (COUNT|COALESCE)/.test(sql));
      expect(
        counted.some(({ plan }) => /INDEX event_occurrences_category(_starts)? \(category=\?/.test(plan)),
        query,
      ).toBe(true);
      for (const { sql, plan } of counted) {
        expect(plan, sql).not.toMatch(
          /INDEX (events_status_last_end|event_occurrences_starts|event_occurrences_public_starts)/,
        );
        expect(scans(sql), sql).toEqual([]);
      }
      const capped = await searchEvents({ store }, asked(query), 1, new Date(), true);
      const exact = await searchEvents({ store }, asked(query), 1);
      expect(capped.total, query).toBeGreaterThan(0);
      // Exact under the cap; over it, « plus de 500 » of an exact count that is.
      if (capped.more) expect([capped.total, exact.total > COUNT_UP_TO], query).toEqual([COUNT_UP_TO, true]);
      else
        expect({ total: capped.total, dates: capped.dates }, query).toEqual({ total: exact.total, dates: exact.dates });
    }
    const many = await searchEvents({ store }, asked(`autour=Lausanne&${from}`), 1, new Date(), true);
    expect({ total: many.total, more: many.more }).toEqual({ total: COUNT_UP_TO, more: true });
  });

  it('les comptes tenus à l’écriture disent ce que compterait chaque date, au fil des changements', async () => {
    // What a count of every date to come says, each event once: the reference the kept counts must match.
    const direct = (category?: string) =>
      db
        .prepare(
          `SELECT COUNT(DISTINCT o.event_id) AS total, COUNT(*) - SUM(o.cancelled) AS dates
           FROM event_occurrences o JOIN events e ON e.id = o.event_id
           WHERE e.status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND o.ends_ts > ?
           ${category ? 'AND e.category = ?' : ''}`,
        )
        .get(...PUBLIC_STATUSES, Date.now(), ...(category ? [category] : [])) as { total: number; dates: number };
    const check = async () => {
      db.prepare('UPDATE site_revision SET n = n + 1 WHERE id = 1').run();
      for (const category of [undefined, 'musique']) {
        const { total, dates } = await searchEvents({ store }, { category }, 1);
        expect({ total, dates }).toEqual(direct(category));
      }
      // A canton, and a category in it: the sums per canton (migration 33) and the counts themselves.
      for (const filters of [{ canton: 'JU' }, { category: 'musique', canton: 'JU' }] as Partial<EventFilters>[]) {
        const { total, dates } = await searchEvents({ store }, filters, 1);
        const picked = db
          .prepare(
            `SELECT COUNT(DISTINCT o.event_id) AS total, COUNT(*) - SUM(o.cancelled) AS dates
             FROM event_occurrences o JOIN events e ON e.id = o.event_id
             WHERE e.status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND o.ends_ts > ? AND e.canton = 'JU'
             ${filters.category ? "AND e.category = 'musique'" : ''}`,
          )
          .get(...PUBLIC_STATUSES, Date.now());
        expect({ total, dates }, JSON.stringify(filters)).toEqual(picked);
      }
      // The sums per day say what the counts add up to, for the agenda, each category and each canton.
      const summed = `SELECT 'all' AS scope, '' AS key, day, SUM(events) AS events, SUM(dates) AS dates
        FROM public_day_counts GROUP BY day
        UNION ALL SELECT 'category', category, day, SUM(events), SUM(dates) FROM public_day_counts GROUP BY category, day
        UNION ALL SELECT 'canton', canton, day, SUM(events), SUM(dates) FROM public_day_counts GROUP BY canton, day`;
      expect(
        db
          .prepare(`SELECT COUNT(*) FROM (${summed} EXCEPT SELECT scope, key, day, events, dates FROM public_day_sums)`)
          .pluck()
          .get(),
      ).toBe(0);
      expect(db.prepare(`SELECT COUNT(*) FROM public_day_sums`).pluck().get()).toBe(
        db.prepare(`SELECT COUNT(*) FROM (${summed})`).pluck().get(),
      );
      const home = await homeSummary({ store });
      expect(home.categories.find((c) => c.slug === 'musique')?.count).toBe(direct('musique').total);
      expect(home.highlights.total).toBe(direct().total);
      // « À ne pas manquer »: the featured events to come, each at its first date not cancelled (else its first), as a
      // grouping of every featured event's dates would say (migration 29 walks their dates alone); those already in
      // « Ce week-end » set aside, the eight kept shown by date.
      const featured = db
        .prepare(
          `SELECT e.id, MIN(o.cancelled * ${SHIFT} + o.starts_ts) % ${SHIFT} AS start
           FROM events e JOIN event_occurrences o ON o.event_id = e.id
           WHERE e.featured = 1 AND e.status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND o.ends_ts > ?
           GROUP BY e.id ORDER BY start, e.title, e.id LIMIT 16`,
        )
        .all(...PUBLIC_STATUSES, Date.now()) as { id: string; start: number }[];
      const onWeekend = new Set(home.weekend.items.map((e) => e.id));
      const kept = featured
        .filter((e) => !onWeekend.has(e.id))
        .slice(0, 8)
        .map((e) => e.id);
      expect(kept).toHaveLength(8);
      const shown = home.highlights.items;
      expect(shown.map((e) => e.id).sort()).toEqual(kept.sort());
      const starts = shown.map((e) => Date.parse(e.startsAt));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      // Each venue's and organizer's events to come (/lieux, /organisateurs), as a count of every event would say.
      for (const kind of ['venue', 'organizer'] as const) {
        const column = kind === 'venue' ? 'venue_id' : 'organizer_id';
        const rows = db
          .prepare(
            `SELECT ${column} AS id, COUNT(*) AS n FROM events WHERE id IN (SELECT event_id FROM event_occurrences
             WHERE ends_ts > ?) AND status IN (${PUBLIC_STATUSES.map(() => '?').join(', ')}) AND ${column} IS NOT NULL
             GROUP BY ${column}`,
          )
          .all(Date.now(), ...PUBLIC_STATUSES) as { id: string; n: number }[];
        const kept = await store.events.countByPlace(kind, PUBLIC_STATUSES, new Date().toISOString());
        expect(kept).toEqual(Object.fromEntries(rows.map((r) => [r.id, r.n])));
      }
      // Each date carries its event's venue, category and canton (migration 30).
      const astray = `SELECT COUNT(*) FROM event_occurrences o JOIN events e ON e.id = o.event_id
        WHERE o.venue_id IS NOT e.venue_id OR o.category IS NOT e.category OR o.canton IS NOT e.canton
          OR o.public IS NOT (e.status IN ('approved', 'cancelled')) OR o.lat IS NOT e.lat OR o.lng IS NOT e.lng`;
      expect(db.prepare(astray).pluck().get()).toBe(0);
    };
    await check();
    // Refused, back to approved under another category, a date cancelled, dates moved, events removed.
    db.prepare("UPDATE events SET status = 'pending' WHERE id LIKE '%-7'").run();
    db.prepare("UPDATE events SET category = 'musique' WHERE id LIKE '%-8' AND category <> 'musique'").run();
    db.prepare("UPDATE events SET canton = 'JU', venue_id = 'bourg' WHERE id LIKE '%-13'").run();
    db.prepare('UPDATE event_occurrences SET cancelled = 1 - cancelled WHERE event_id LIKE ?').run('%-9');
    db.prepare(`UPDATE event_occurrences SET ends_ts = ends_ts + ${40 * DAY} WHERE event_id LIKE ?`).run('%-10');
    // A few: each removal finds its row of the search index by its number (decision 151).
    db.prepare("DELETE FROM events WHERE id IN ('bench0-11', 'bench1-11', 'bench2-11', 'bench3-11')").run();
    // Featured, or no longer: the home's first events change.
    db.prepare("UPDATE events SET featured = 1 WHERE id LIKE '%-15'").run();
    db.prepare("UPDATE events SET featured = 0 WHERE id LIKE '%-3'").run();
    // Moved to another venue, one losing its organizer.
    db.prepare("UPDATE events SET venue_id = 'lieu0' WHERE id LIKE '%-13'").run();
    db.prepare("UPDATE events SET organizer_id = NULL WHERE id LIKE '%-14'").run();
    // Moved on the map, and a date added to a refused event (its date is not public).
    db.prepare("UPDATE events SET lat = lat + 0.01, lng = NULL WHERE id LIKE '%-16'").run();
    db.prepare(`INSERT INTO event_occurrences (event_id, starts_at, ends_at, starts_ts, ends_ts)
      SELECT id, starts_at, ends_at, starts_ts + ${DAY}, ends_ts + ${DAY} FROM events WHERE id = 'bench0-7'`).run();
    await check();
    const first = await store.events.findById('bench0-12');
    if (!first) throw new Error('bench0-12 absent');
    await store.events.transition({ seen: first.updatedAt, next: { ...first, status: 'pending' } });
    await check();
  });
});
