import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../tests/unit/memory-store';
import { CANTON_CODES } from '../../domain/cantons';
import { CATEGORY_SLUGS } from '../../domain/categories';
import { validateEventForm } from '../../domain/event-form';
import { seedCategories, seedDemo } from './seed';

const NOW = new Date('2026-11-21T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

async function seeded(now = NOW) {
  const { db, store } = memoryStore();
  await seedCategories({ store });
  await seedDemo({ store }, now);
  const all = db.prepare('SELECT * FROM events ORDER BY id').all() as Record<string, unknown>[];
  return { db, store, all };
}

describe('contenu de démonstration', () => {
  it('au moins 80 événements approuvés à venir sur 90 jours, dans les 7 régions et les 12 catégories', async () => {
    const { all } = await seeded();
    const upcoming = all.filter(
      (e) =>
        e.status === 'approved' && Number(e.ends_ts) > NOW.getTime() && Number(e.starts_ts) < NOW.getTime() + 91 * DAY,
    );
    expect(upcoming.length).toBeGreaterThanOrEqual(80);
    expect(new Set(upcoming.map((e) => e.canton))).toEqual(new Set(CANTON_CODES));
    expect(new Set(upcoming.map((e) => e.category))).toEqual(new Set(CATEGORY_SLUGS));
    expect(upcoming.some((e) => e.is_free === 1)).toBe(true);
    expect(upcoming.some((e) => e.is_free === 0 && Number(e.price_min) > 0)).toBe(true);
    expect(upcoming.some((e) => e.family_friendly === 1)).toBe(true);
    // « Artistes, intervenants » (issue 52): a few name theirs, each a list the event form would accept.
    const named = upcoming.filter((e) => e.performers !== null).map((e) => JSON.parse(String(e.performers)));
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const names of named)
      expect(validateEventForm({ performers: names.join(', ') }).errors.performers).toBeUndefined();
    for (const e of upcoming) {
      expect(e.postal_code, String(e.title)).toMatch(/^\d{4}$/);
      expect(Number(e.lat)).toBeGreaterThan(45.8);
      expect(Number(e.lat)).toBeLessThan(47.6);
      expect(Number(e.lng)).toBeGreaterThan(5.9);
      expect(Number(e.lng)).toBeLessThan(8.3);
      expect(Number(e.ends_ts)).toBeGreaterThanOrEqual(Number(e.starts_ts));
      expect(String(e.starts_at)).toMatch(/T\d{2}:\d{2}:\d{2}\+0[12]:00$/);
    }
  });

  it('quelques événements en attente et refusés (avec motif), et 8 partenaires et donateurs', async () => {
    const { all, store } = await seeded();
    expect(all.filter((e) => e.status === 'pending').length).toBeGreaterThanOrEqual(2);
    const rejected = all.filter((e) => e.status === 'rejected');
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const e of rejected) expect(String(e.rejection_reason).length).toBeGreaterThan(10);
    const partners = await store.partners.list();
    expect(partners).toHaveLength(8);
    expect(new Set(partners.map((p) => p.kind))).toEqual(new Set(['partenaire', 'donateur']));
  });

  it('un événement retiré par son organisateur et une modification en attente, invisibles du public', async () => {
    const { all, store } = await seeded();
    const withdrawn = all.filter((e) => e.status === 'withdrawn');
    expect(withdrawn.length).toBeGreaterThanOrEqual(1);
    for (const e of withdrawn) expect(e.previous_status).toBe('pending');
    const revised = all.filter((e) => e.revision !== null);
    expect(revised.map((e) => e.status)).toEqual(['approved']);
    const revision = JSON.parse(String(revised[0].revision));
    expect(revision.description).not.toBe(revised[0].description);
    // The public sees the approved version; the queue counts the revision.
    const shown = await store.events.findById(String(revised[0].id));
    expect(shown?.startsAt).not.toBe(revision.startsAt);
    const pending = all.filter((e) => e.status === 'pending').length;
    expect(await store.events.countAwaitingModeration()).toBe(pending + 1);
  });

  it('est déterministe et daté relativement à aujourd’hui', async () => {
    const first = await seeded();
    const second = await seeded();
    const key = (rows: Record<string, unknown>[]) => rows.map((e) => `${e.id}|${e.starts_at}|${e.title}`);
    expect(key(second.all)).toEqual(key(first.all));
    const later = await seeded(new Date(NOW.getTime() + 7 * DAY));
    const shift = (Number(later.all[0].starts_ts) - Number(first.all[0].starts_ts)) / DAY;
    expect(Math.round(shift)).toBe(7);
  });
});
