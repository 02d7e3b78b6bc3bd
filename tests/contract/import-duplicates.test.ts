// What an import sets aside as a duplicate (issue 47), on SQLite and on Firestore, against the local fixture server:
// the same event only (same start, same place, near-identical title), never events whose titles differ by a number.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSource } from '../../app/.server/imports/run-import';
import { type FeedEvent, type IcsServer, icsFeed, startIcsServer } from '../support/ics-server';
import { type ImportStand, importStand } from '../support/import-stand';
import { BACKENDS } from './backends';

let server: IcsServer;
beforeAll(async () => {
  server = await startIcsServer();
});
afterAll(() => server.close());

/** Zurich wall time `hours` after 4 January 2027 at midnight, as DTSTART writes it. */
function startAfter(hours: number): string {
  const d = new Date(Date.UTC(2027, 0, 4, hours));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}T${p(d.getUTCHours())}0000`;
}

/** A festival's concerts, « concert numéro N », every 3 hours, each in its own hall of Lausanne. */
const concerts = (n: number): FeedEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: `concert-${i + 1}@festival.example`,
    summary: `Festival des musiques\\, concert numéro ${i + 1}`,
    start: startAfter(3 * i),
    location: `Salle ${i + 1}\\, Rue du Lac ${i + 1}\\, 1003 Lausanne`,
  }));

/** A store of this backend and the import's stand on it, new for each test. */
function standEachTest(backend: (typeof BACKENDS)[number]) {
  const held: { stand?: ImportStand; dispose?: () => Promise<void> } = {};
  beforeEach(async () => {
    const opened = await backend.open();
    held.dispose = opened.dispose;
    held.stand = await importStand(opened.store, server);
  });
  afterEach(async () => {
    await held.dispose?.();
  });
  return () => held.stand as ImportStand;
}

describe.each(BACKENDS)('doublons à l’import : $name', (backend) => {
  const standOf = standEachTest(backend);
  const at = (path: string) => `/${backend.name}${path}`;

  it('à la même heure dans la même salle, deux numéros sont deux concerts ; le même concert d’une autre source est un doublon', async () => {
    const hall = 'Salle Paderewski\\, Avenue du Théâtre 4\\, 1005 Lausanne';
    const feed = icsFeed([
      { uid: 'a@festival.example', summary: 'Concert numéro 1', start: '20270110T200000', location: hall },
      { uid: 'b@festival.example', summary: 'Concert numéro 2', start: '20270110T200000', location: hall },
      // Same title and place, another day: another event.
      { uid: 'c@festival.example', summary: 'Concert numéro 1', start: '20270111T200000', location: hall },
    ]);
    const stand = standOf();
    const first = await stand.addSource(at('/salle.ics'), feed);
    expect(await runSource(stand.deps(), first.id)).toMatchObject({ created: 3, duplicates: 0 });
    // The same calendar by another way (a second source): the same three events, none imported again.
    const again = await stand.addSource(at('/salle-encore.ics'), feed);
    expect(await runSource(stand.deps(), again.id)).toMatchObject({ created: 0, duplicates: 3 });
    expect(await stand.events()).toHaveLength(3);
  });
});

// The rule is the use case's, the same on both stores (they only list the events near): the 200 on SQLite, where they
// take a second (the in-process Firestore emulator needs minutes for 200 creations).
describe('doublons à l’import : un long flux', () => {
  const standOf = standEachTest(BACKENDS[0]);
  it('200 concerts numérotés, à des heures et des lieux distincts : 200 importés, aucun doublon', async () => {
    const stand = standOf();
    const source = await stand.addSource('/festival.ics', icsFeed(concerts(200)));
    const run = await runSource(stand.deps(), source.id);
    expect(run).toMatchObject({ ok: true, fetched: 200, created: 200, duplicates: 0, errors: [] });
    const titles = (await stand.events()).map((e) => e.title);
    expect(new Set(titles).size).toBe(200);
    expect(titles).toContain('Festival des musiques, concert numéro 137');
  });
});
