// Slugs made before « œ », « æ » and « ß » were folded (issue 70): « Chœur mixte » had the page /organisateurs/ch-ur-mixte.
// At start, on both stores, such a venue or organizer takes the corrected slug (« choeur-mixte »), the old one kept as
// a former slug: its page, feeds, filters and actor answer both, the old address redirecting (301) to the new one
// (decision 169). A slug an admin chose, or one already taken by another record, stays as it is.
import { refoldedSlug } from '~/domain/slug';
import type { Store } from '../ports';

/** How many records took their corrected slug, and how many could not (the corrected slug taken). */
export interface Refolded {
  venues: number;
  organizers: number;
  kept: string[];
}

/**
 * Gives every venue and organizer with an old slug its corrected one. Reads each collection once (one query) and
 * writes only the records to correct: after the first start, nothing.
 */
export async function refoldPlaceSlugs({ store }: { store: Store }, now: Date): Promise<Refolded> {
  const done: Refolded = { venues: 0, organizers: 0, kept: [] };
  const at = now.toISOString();
  const [venues, organizers] = await Promise.all([store.venues.list(), store.organizers.list()]);
  for (const v of venues) {
    const slug = refoldedSlug(v.slug, [v.name, `${v.name} ${v.locality}`]);
    if (!slug) continue;
    const { id, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, lastMerge: _m, ...fields } = v;
    if (await store.venues.update(id, { ...fields, slug }, at)) done.venues++;
    else done.kept.push(v.slug);
  }
  for (const o of organizers) {
    const slug = refoldedSlug(o.slug, [o.name]);
    if (!slug) continue;
    const { id, status: _s, redirectFrom: _r, createdAt: _c, updatedAt: _u, lastMerge: _m, ...rest } = o;
    const { accountUids: _a, revision: _v, ...fields } = rest;
    if (await store.organizers.update(id, { ...fields, slug }, at)) done.organizers++;
    else done.kept.push(o.slug);
  }
  return done;
}

/** What the start's log says of it (« 2 lieux, 1 organisateur : adresse corrigée »), or null when nothing changed. */
export function describeRefolded({ venues, organizers, kept }: Refolded): string | null {
  if (venues + organizers + kept.length === 0) return null;
  const parts = [
    venues ? `${venues} lieu${venues > 1 ? 'x' : ''}` : '',
    organizers ? `${organizers} organisateur${organizers > 1 ? 's' : ''}` : '',
  ].filter(Boolean);
  const fixed = parts.length ? `${parts.join(', ')} : adresse corrigée (« œ » écrit « oe »), l’ancienne y renvoie` : '';
  const left = kept.length ? `adresse corrigée déjà prise, gardée telle quelle : ${kept.join(', ')}` : '';
  return `Adresses des lieux et organisateurs : ${[fixed, left].filter(Boolean).join(' ; ')}.`;
}
