// The other way of `npm run interop:gancio` (tests/interop/interop-gancio.ts): the site follows the real Gancio as a
// trusted source; Gancio creates, edits and deletes an event; both follow each other and nothing comes back to Gancio.
import { followRemoteSource } from '../../app/.server/federation/admin';
import type { UserProfile } from '../../app/.server/ports';
import type { Services } from '../../app/.server/services';
import * as kit from './gancio-kit';

interface Play {
  services: Services;
  admin: UserProfile;
  row: (scenario: string, expected: string, gancio: string, here: string, ok: boolean) => void;
  t: (title: string) => string;
  onGancio: (title: string) => Promise<{ title: string; federated_from: string | null }[]>;
  day: (n: number, hour?: number) => string;
  wait: (probe: () => Promise<boolean>, ms?: number) => Promise<true | undefined>;
}

/** The site follows Gancio; Gancio creates, edits and deletes; they follow each other and nothing echoes. */
export async function playOtherWay({ services, admin, row, t, onGancio, day, wait }: Play) {
  const { store } = services;
  const relay = `@relay@127.0.0.1:${kit.GANCIO_PUBLIC_PORT}`;
  const source = await followRemoteSource(services, admin, {
    handle: relay,
    category: 'musique',
    canton: 'VD',
    organizerName: 'Gancio',
    trusted: 'on',
  });
  const accepted = await kit.until(async () => {
    const s = await store.federation.get<{ status: string }>('source', source.id, new Date().toISOString());
    return s?.value.status === 'accepted' ? true : undefined;
  }, 30_000);
  const stats = kit.gancio<{ n_followers?: number }>('stats');
  row(
    'Le site suit Gancio',
    'Accept reçu',
    `abonnés : ${stats.n_followers ?? '?'}`,
    accepted ? 'source acceptée' : 'en attente',
    !!accepted,
  );

  const created = kit.gancio<{ id: number; ap_id: string }>(
    'create',
    '--title',
    t('Bal de Gancio'),
    '--start',
    day(20),
    '--end',
    day(20, 23),
    '--place',
    'Salle Gancio Nyon',
    '--address',
    'Rue de la Gare 5, 1260 Nyon',
    '--tags',
    'bal',
    '--description',
    '<p>Un bal.</p>',
  );
  const here = async () => {
    const link = await store.federation.get<{ eventId: string | null }>(
      'remote',
      created.ap_id,
      new Date().toISOString(),
    );
    return link?.value.eventId ? ((await store.events.findById(link.value.eventId)) ?? undefined) : undefined;
  };
  const taken = await kit.until(here, 60_000);
  row(
    'Gancio crée',
    'reçu ici (source de confiance : publié)',
    `« ${t('Bal de Gancio')} »`,
    taken ? `« ${taken.title} », ${taken.status}` : 'rien',
    taken?.status === 'approved',
  );

  kit.gancio('update', String(created.id), '--title', `${t('Bal de Gancio')} (complet)`);
  const changed = await kit.until(async () => {
    const e = await here();
    return e && (e.title.includes('complet') || e.revision?.title?.includes('complet')) ? e : undefined;
  }, 60_000);
  row(
    'Gancio modifie',
    'la modification arrive',
    `« ${t('Bal de Gancio')} (complet) »`,
    changed ? `« ${changed.revision?.title ?? changed.title} »` : 'rien',
    !!changed,
  );

  // Both follow each other: the event taken from Gancio and published here must not go back as a copy.
  // Everything the site had to send is sent (its queue is empty) before Gancio is looked at.
  await wait(async () => {
    const { due, later } = await store.federation.queueStats(new Date().toISOString());
    return due + later === 0;
  }, 30_000);
  const copies = (await onGancio(t('Bal de Gancio'))).filter((e) => e.federated_from);
  row(
    'Suivis réciproques',
    'pas d’écho : aucune copie renvoyée à Gancio',
    copies.length ? `${copies.length} copie(s) de ${copies[0].federated_from}` : 'aucune copie',
    'publié, non renvoyé',
    copies.length === 0,
  );

  kit.gancio('delete', String(created.id));
  const removed = await kit.until(async () => {
    const e = await here();
    return e && (e.status === 'cancelled' || e.status === 'withdrawn') ? e : undefined;
  }, 60_000);
  row('Gancio supprime', 'annulé ici', 'supprimé', removed?.status ?? (await here())?.status ?? 'rien', !!removed);
}
