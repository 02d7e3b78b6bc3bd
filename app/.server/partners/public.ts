// The public side of partners (docs/specification.md §2): the page of partners and donors, and one partner with its upcoming events.
import { upcomingByOrganizer } from '../events/public';
import type { Store } from '../ports';

/** Active partners and donors, and the donors who chose to be thanked by name (no amounts). */
export async function partnersPage({ store }: { store: Store }) {
  const [partners, supporters] = await Promise.all([
    store.partners.list({ activeOnly: true }),
    store.donations.publicNames(200),
  ]);
  return {
    partenaires: partners.filter((p) => p.kind === 'partenaire'),
    donateurs: partners.filter((p) => p.kind === 'donateur'),
    supporters,
  };
}

/** An active partner and its upcoming public events, or null. */
export async function partnerPage({ store }: { store: Store }, id: string) {
  const partner = await store.partners.findById(id);
  if (!partner?.active) return null;
  return { partner, events: await upcomingByOrganizer({ store }, partner.name) };
}
