// `npm run interop:gancio` (issue 48, not part of CI): the site's production build against a real Gancio 1.21 (the kit
// of ../shared/peers/gancio), both ways. Gancio follows a venue, an organizer, a category and the agenda; the site
// approves, edits, cancels a date of a series, cancels, withdraws and approves again; the site follows Gancio, which
// creates, edits and deletes; both follow each other and nothing echoes. A table: scenario, expected, seen on Gancio,
// seen here, verdict. This process writes the site's store as a second process of the site would (its events are
// published into the shared queue, which the server delivers); the server takes what Gancio sends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setDateCancelled } from '../../app/.server/events/cancel-date';
import { changeEvent } from '../../app/.server/events/lifecycle';
import { deliveryTroubles } from '../../app/.server/federation/deliveries';
import { backgroundSettled } from '../../app/.server/platform/background';
import { loadConfig } from '../../app/.server/platform/config';
import { seedCategories } from '../../app/.server/seed/seed';
import { createServices } from '../../app/.server/services';
import { makeEvent, makeOrganizer, makeSaturdayMarket, makeVenue } from '../support/factories';
import * as kit from './gancio-kit';
import { playOtherWay } from './gancio-other-way';

interface GancioEvent {
  id: number;
  title: string;
  start: string;
  federated_from: string | null;
}
interface Row {
  scenario: string;
  expected: string;
  gancio: string;
  here: string;
  ok: boolean;
}

const why = kit.missing();
if (why) {
  console.log(`interop:gancio ignoré : ${why}.`);
  process.exit(0);
}

const rows: Row[] = [];
/** This run's mark in every title: a Gancio kept from an earlier run still holds that run's events. */
const RUN = Date.now().toString(36).slice(-4);
const t = (title: string) => `${title} ${RUN}`;
/** Its ids too: an object id Gancio already holds is taken as the same event, and skipped. */
let made = 0;
const event = (overrides: Parameters<typeof makeEvent>[0]) =>
  makeEvent({ id: `interop-${RUN}-${++made}`, ...overrides });
const row = (scenario: string, expected: string, gancio: string, here: string, ok: boolean) =>
  rows.push({ scenario, expected, gancio, here, ok });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-interop-gancio-'));
console.log(`Gancio réel : ${kit.DIR} ; site : ${kit.SITE_URL} (données ${dataDir})`);
await kit.startGancio();
const server = await kit.startSite(dataDir);
const services = createServices(loadConfig(kit.siteEnv(dataDir)));
const { store } = services;
const deps = { store, files: services.files };
const actorUrl = (identifier: string) => `${kit.SITE_URL}/federation/acteurs/${identifier}`;
const handle = (user: string) => `@${user}@127.0.0.1:${kit.HTTPS_PORT}`;
const events = () => kit.gancio<GancioEvent[]>('events');
const onGancio = async (title: string) => (await events()).filter((e) => e.title.includes(title));
const titles = (list: GancioEvent[]) => (list.length ? list.map((e) => `« ${e.title} »`).join(', ') : 'rien');
const wait = (probe: () => Promise<boolean>, ms?: number) =>
  kit.until(async () => ((await probe()) ? true : undefined), ms);
const day = (n: number, hour = 20) => {
  const d = new Date(Date.now() + n * 86_400_000);
  d.setUTCHours(hour - 1, 0, 0, 0);
  return d.toISOString();
};

try {
  await seedCategories(services);
  const admin = await store.users.create({
    uid: 'admin-interop',
    email: 'admin@interop.test',
    displayName: 'Admin',
    role: 'admin',
    passwordHash: 'x',
    now: new Date().toISOString(),
  });
  if (!admin) throw new Error('Compte admin non créé.');
  const venue = makeVenue({ id: 'bourg', name: 'Salle du Bourg', slug: 'salle-du-bourg', locality: 'Lausanne' });
  const organizer = makeOrganizer({ id: 'ensemble', name: 'Ensemble Vocal', slug: 'ensemble-vocal' });
  await store.venues.insertMany([venue]);
  await store.organizers.insertMany([organizer]);
  const approve = async (e: ReturnType<typeof makeEvent>) => {
    await store.events.insertMany([{ ...e, status: 'pending' }]);
    await changeEvent(deps, admin, { eventId: e.id, action: 'approve' });
    await backgroundSettled();
  };
  const place = { venueName: 'Salle du Bourg', street: 'Rue du Bourg 12', postalCode: '1003', city: 'Lausanne' };
  const at = (n: number) => ({ startsAt: day(n), endsAt: day(n, 22) });
  await approve(event({ title: t('Récital au Bourg'), category: 'musique', venueId: venue.id, ...place, ...at(10) }));
  await approve(event({ title: t('Chœurs de l’Ensemble'), category: 'musique', organizerId: organizer.id, ...at(11) }));
  await approve(event({ title: t('Théâtre du soir'), category: 'spectacles', ...at(12) }));
  await approve(event({ title: t('Soirée de l’agenda'), category: 'musique', ...at(13) }));

  // Gancio follows a venue, an organizer, a category, the agenda: each brings its upcoming events at once.
  const follows: [string, string, string, string][] = [
    ['un lieu', 'salle-du-bourg', 'lieu.bourg', t('Récital au Bourg')],
    ['un organisateur', 'ensemble-vocal', 'organisateur.ensemble', t('Chœurs de l’Ensemble')],
    ['une catégorie', 'spectacles', 'spectacles', t('Théâtre du soir')],
    ['l’agenda', 'agenda', 'agenda', t('Soirée de l’agenda')],
  ];
  for (const [what, user, identifier, title] of follows) {
    const trusted = kit.gancio<{ ap_id: string }>('trust', handle(user));
    // A Gancio kept from an earlier run already follows that actor (of a site since gone): followed again.
    kit.gancio('unfollow', trusted.ap_id);
    kit.gancio('follow', trusted.ap_id);
    const seen = await kit.until(async () => ((await onGancio(title)).length ? onGancio(title) : undefined), 30_000);
    // Gancio reads the outbox as soon as its Follow is sent; the site takes the Follow from its queue.
    const follower =
      (await kit.until(async () => {
        const list = await store.federation.list<{ software?: string }>('follower', {
          prefix: `${identifier}\u001f`,
          now: new Date().toISOString(),
          limit: 10,
        });
        return list.length ? list : undefined;
      }, 30_000)) ?? [];
    const software = follower.map((f) => f.value.software ?? '?').join(', ') || 'aucun abonné';
    row(
      `Gancio suit ${what} (${handle(user)})`,
      `« ${title} » importé une fois, de ${identifier}`,
      seen ? `${titles(seen)} de ${seen[0].federated_from?.split('/').pop()}` : 'rien',
      `abonné : ${software}`,
      seen?.length === 1 && seen[0].federated_from === actorUrl(identifier) && software === 'gancio',
    );
  }

  // One event through its life.
  const concert = event({
    title: t('Concert d’hiver'),
    category: 'musique',
    venueId: venue.id,
    organizerId: organizer.id,
    ...place,
    ...at(15),
    performers: ['Stephan Eicher', 'Sophie Hunger'],
  });
  await approve(concert);
  const first = await kit.until(async () =>
    (await onGancio(t('Concert d’hiver'))).length ? onGancio(t('Concert d’hiver')) : undefined,
  );
  row('Approuvé', 'arrive une fois', titles(first ?? []), 'approuvé', first?.length === 1);
  // « Artistes, intervenants » (issue 52) in the text Gancio shows.
  const told = first?.[0] ? (kit.gancio<{ description?: string }>('event', String(first[0].id)).description ?? '') : '';
  const names = /Artistes, intervenants\u00a0?:?\s*Stephan Eicher, Sophie Hunger/.test(
    told.replace(/&nbsp;/g, '\u00a0'),
  );
  row(
    'Artistes, intervenants',
    'les noms dans le texte',
    names ? 'Stephan Eicher, Sophie Hunger' : told.slice(0, 80) || 'rien',
    'Stephan Eicher, Sophie Hunger',
    names,
  );
  const current = await store.events.findById(concert.id);
  if (!current) throw new Error('événement perdu');
  await changeEvent(deps, admin, {
    eventId: concert.id,
    action: 'edit',
    content: { ...current, title: `${t('Concert d’hiver')} (21 h)` },
    seen: current.updatedAt,
  });
  await changeEvent(deps, admin, { eventId: concert.id, action: 'approve' }).catch(() => undefined);
  await backgroundSettled();
  const edited = await wait(async () => (await onGancio(`${t('Concert d’hiver')} (21 h)`)).length === 1, 30_000);
  const afterEdit = await onGancio(t('Concert d’hiver'));
  row(
    'Modifié',
    'titre changé sur Gancio',
    titles(afterEdit),
    (await store.events.findById(concert.id))?.title ?? '?',
    !!edited && afterEdit.length === 1,
  );

  const series = event({
    title: t('Marché du samedi'),
    category: 'marches-brocantes',
    venueId: venue.id,
    ...place,
    schedule: makeSaturdayMarket({ firstDate: day(7).slice(0, 10), until: day(70).slice(0, 10) }),
  });
  series.startsAt = day(7);
  await approve(series);
  const dates = await store.events.occurrences(series.id);
  const shown = await kit.until(async () => (await onGancio(t('Marché du samedi')))[0]);
  await setDateCancelled({ store }, admin, { eventId: series.id, startsAt: dates[0].startsAt, cancelled: true });
  await backgroundSettled();
  const moved = await kit.until(async () => {
    const [e] = await onGancio(t('Marché du samedi'));
    return e && e.start !== shown?.start ? e : undefined;
  }, 30_000);
  const detail = moved ? kit.gancio<{ description?: string }>('event', String(moved.id)) : null;
  row(
    'Une date d’une série annulée',
    'la date suivante, la règle et la date annulée dans le texte',
    moved
      ? `${shown?.start} → ${moved.start} ; ${/annulée/.test(detail?.description ?? '') ? '« annulée » dit' : 'rien dit'}`
      : `toujours ${shown?.start ?? 'rien'}`,
    `${dates[0].startsAt} annulée, suivante ${dates[1]?.startsAt}`,
    !!moved &&
      Date.parse(moved.start) === Date.parse(dates[1]?.startsAt ?? '') &&
      /Chaque samedi/.test(detail?.description ?? ''),
  );

  const cancelOf = await store.events.findById(concert.id);
  await changeEvent(deps, admin, { eventId: concert.id, action: 'cancel', seen: cancelOf?.updatedAt });
  await backgroundSettled();
  const cancelled = await kit.until(
    async () => (await onGancio(t('Concert d’hiver'))).find((e) => e.title.startsWith('Annulé')),
    30_000,
  );
  row('Annulé', 'le titre dit « Annulé »', titles(await onGancio(t('Concert d’hiver'))), 'annulé', !!cancelled);

  await changeEvent(deps, admin, { eventId: concert.id, action: 'unpublish' });
  await backgroundSettled();
  const gone = await wait(async () => (await onGancio(t('Concert d’hiver'))).length === 0, 30_000);
  row('Retiré', 'disparaît de Gancio', titles(await onGancio(t('Concert d’hiver'))), 'retiré', !!gone);

  await changeEvent(deps, admin, { eventId: concert.id, action: 'approve' });
  await backgroundSettled();
  const back = await wait(async () => (await onGancio(t('Concert d’hiver'))).length === 1, 30_000);
  row(
    'Approuvé à nouveau',
    'revient une fois (nouvel objet)',
    titles(await onGancio(t('Concert d’hiver'))),
    (await store.events.findById(concert.id))?.status ?? '?',
    !!back,
  );

  await playOtherWay({ services, admin, row, t, onGancio, day, wait });
  const troubles = await deliveryTroubles(store.federation, new Date().toISOString());
  row(
    'Envois',
    'aucun envoi en échec',
    '—',
    troubles.length ? troubles.map((t) => `${t.host} : ${t.status}`).join(', ') : 'aucun',
    troubles.length === 0,
  );
} catch (error) {
  console.error(error);
  row('Déroulement', 'sans erreur', '—', String(error).slice(0, 120), false);
} finally {
  kit.stopSite(server);
  await services.close();
  // Kept running for another run when asked (its start takes a minute or two).
  if (process.env.INTEROP_KEEP_GANCIO !== '1') kit.stopGancio();
}

const cells = (r: Row) => [r.scenario, r.expected, r.gancio, r.here, r.ok ? 'OK' : 'ÉCHEC'];
const header = ['Scénario', 'Attendu', 'Vu sur Gancio', 'Vu ici', 'Verdict'];
console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const r of rows)
  console.log(
    `| ${cells(r)
      .map((c) => c.replace(/\|/g, '/'))
      .join(' | ')} |`,
  );
const passed = rows.filter((r) => r.ok).length;
console.log(`\n${passed}/${rows.length} scénarios réussis.`);
process.exit(passed === rows.length ? 0 : 1);
