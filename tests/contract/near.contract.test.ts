// « Autour de » (issue 47) on SQLite and on Firestore: around Morges within 10 km, only the events whose point is in the
// circle, in date order, never one without coordinates; the map and the count agree; a wider radius takes in more.
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { describeAlert } from '../../app/.server/alerts/alerts';
import { newEventsFor } from '../../app/.server/alerts/digest';
import { ApiProblem, listApiEvents } from '../../app/.server/api/events';
import { mapEvents, queryFromFilters, searchEvents } from '../../app/.server/events/public';
import { selectionFeed } from '../../app/.server/feeds/selection-feed';
import { alertFilterFromParams } from '../../app/domain/alert';
import { distanceKm, type NearFilter, parseNear } from '../../app/domain/distance';
import type { AgendaEvent } from '../../app/domain/event';
import { loader as embedLoader } from '../../app/routes/integrer';
import { makeEvent as eventOf, makeActiveAlert } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const NOW = new Date('2030-03-01T10:00:00.000Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const MORGES = { lat: 46.514, lng: 6.4932 };

/** Events at known places, each a day apart in an order that is not their distance. */
const PLACES: [string, number | null, number | null, number][] = [
  ['preverenges', 46.51854, 6.52682, 3], // 2.6 km
  ['lausanne', 46.516, 6.63282, 1], // 10.7 km: just outside 10 km
  ['saint-prex', 46.47963, 6.45992, 5], // 4.6 km
  ['cossonay', 46.61443, 6.50631, 2], // 11.5 km
  ['aubonne', 46.49514, 6.39155, 4], // 8.1 km
  ['geneve', 46.20222, 6.14569, 6], // 44 km
  ['sans-point', null, null, 0],
];

const makeEvent = (id: string, lat: number | null, lng: number | null, day: number): AgendaEvent =>
  eventOf({ id, title: `Fête ${id}`, lat, lng, startsAt: inDays(day + 1), endsAt: inDays(day + 1.1) }, { now: NOW });

const around = (radius: string): NearFilter => {
  const near = parseNear(new URLSearchParams({ autour: 'Morges', rayon: radius })).near;
  if (!near) throw new Error('Morges devrait être connue');
  return near;
};

describe.each(BACKENDS)('événements autour d’un lieu : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });

  it('autour de Morges, 10 km : seulement ceux du cercle, par date, sans ceux qui n’ont pas de point', async () => {
    await store.events.insertMany(PLACES.map(([id, lat, lng, day]) => makeEvent(id, lat, lng, day)));
    const list = await searchEvents({ store }, { near: around('10') }, 1, NOW);
    expect(list.items.map((e) => e.id)).toEqual(['preverenges', 'aubonne', 'saint-prex']);
    expect(list.total).toBe(3);
    for (const e of list.items) expect(distanceKm(MORGES, { lat: Number(e.lat), lng: Number(e.lng) })).toBeLessThan(10);
    // With words, the full-text match is the way in; the circle still applies.
    const searched = await searchEvents({ store }, { near: around('10'), q: 'fete' }, 1, NOW);
    expect(searched.items.map((e) => e.id)).toEqual(['preverenges', 'aubonne', 'saint-prex']);
    const points = await mapEvents({ store }, { near: around('10') }, NOW);
    expect(points.map((p) => p.id)).toEqual(['preverenges', 'aubonne', 'saint-prex']);
    // 25 km takes in Lausanne and Cossonay; 50 km Geneva too; never the event without a point.
    const wider = await searchEvents({ store }, { near: around('25') }, 1, NOW);
    expect(wider.items.map((e) => e.id)).toEqual(['lausanne', 'cossonay', 'preverenges', 'aubonne', 'saint-prex']);
    const widest = await store.events.search({
      ...queryFromFilters({ near: around('50') }, NOW),
      limit: 20,
      offset: 0,
    });
    expect(widest.items.map((e) => e.id)).toEqual([
      'lausanne',
      'cossonay',
      'preverenges',
      'aubonne',
      'saint-prex',
      'geneve',
    ]);
  });

  it('avec d’autres filtres : la catégorie et le cercle ensemble', async () => {
    await store.events.insertMany([
      { ...makeEvent('concert-morges', 46.51, 6.5, 1), category: 'musique' },
      { ...makeEvent('marche-morges', 46.512, 6.499, 2), category: 'marches-brocantes' },
      { ...makeEvent('concert-sion', 46.2331, 7.3606, 3), category: 'musique' },
    ]);
    const list = await searchEvents({ store }, { near: around('5'), category: 'musique' }, 1, NOW);
    expect(list.items.map((e) => e.id)).toEqual(['concert-morges']);
  });

  it('une alerte « dans un rayon de 10 km autour de Morges » ne reçoit que ce qui est dedans', async () => {
    const confirmedAt = inDays(-1);
    await store.events.insertMany(
      PLACES.map(([id, lat, lng, day]) => ({ ...makeEvent(id, lat, lng, day), moderatedAt: NOW.toISOString() })),
    );
    const filter = alertFilterFromParams(new URLSearchParams('autour=morges&rayon=10'), []);
    expect(filter).toBe('autour=Morges&rayon=10');
    const alert = makeActiveAlert(String(filter), confirmedAt);
    expect((await newEventsFor({ store }, alert, NOW)).map((e) => e.id)).toEqual([
      'preverenges',
      'aubonne',
      'saint-prex',
    ]);
    expect(await describeAlert({ store }, alert.filter)).toBe('dans un rayon de 10\u00a0km autour de Morges');
    // The visitor's position is never kept in an alert: around a position alone, there is no alert to make.
    expect(alertFilterFromParams(new URLSearchParams('lat=46.51&lon=6.5&rayon=10'), [])).toBeNull();
    expect(alertFilterFromParams(new URLSearchParams('lat=46.51&lon=6.5&gratuit=1'), [])).toBe('gratuit=1');
  });

  it('l’API : mêmes paramètres, mêmes événements ; une localité inconnue, un rayon hors liste, une position hors de Suisse : 400 en français', async () => {
    await store.events.insertMany(PLACES.map(([id, lat, lng, day]) => makeEvent(id, lat, lng, day)));
    const api = (query: string) => listApiEvents({ store }, new URLSearchParams(query), 'https://agenda.example', NOW);
    expect((await api('autour=Morges&rayon=10')).data.map((e) => e.id)).toEqual([
      'preverenges',
      'aubonne',
      'saint-prex',
    ]);
    expect((await api('lat=46.51&lon=6.50&rayon=5')).data.map((e) => e.id)).toEqual(['preverenges', 'saint-prex']);
    const refusal = async (query: string) => {
      const error = await api(query).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiProblem);
      return { status: (error as ApiProblem).status, detail: (error as ApiProblem).detail };
    };
    expect(await refusal('autour=Atlantis')).toEqual({
      status: 400,
      detail: expect.stringContaining('Localité inconnue'),
    });
    expect(await refusal('autour=Morges&rayon=15')).toEqual({
      status: 400,
      detail: expect.stringContaining('Rayon invalide'),
    });
    expect(await refusal('lat=48.85&lon=2.35')).toEqual({
      status: 400,
      detail: expect.stringContaining('n’est pas en Suisse'),
    });
    expect(await refusal('rayon=10')).toEqual({ status: 400, detail: expect.stringContaining('demande un centre') });
  });

  it('l’agenda à intégrer : autour="Morges" rayon="10", les seuls événements du cercle', async () => {
    await store.events.insertMany(PLACES.map(([id, lat, lng, day]) => makeEvent(id, lat, lng, day)));
    const site = 'https://agenda.example';
    const context = { services: { store, config: { SITE_URL: site } }, clientIp: '192.0.2.9' } as AppLoadContext;
    const frame = async (query: string) => {
      const response = await embedLoader({ request: new Request(`${site}/integrer?${query}`), params: {}, context });
      return { status: response.status, html: await response.text() };
    };
    const { status, html } = await frame('autour=Morges&rayon=10&limite=10');
    expect(status).toBe(200);
    const listed = [...html.matchAll(/evenement\/([a-z-]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(['preverenges', 'aubonne', 'saint-prex']);
    expect(await frame('autour=Atlantis')).toMatchObject({
      status: 400,
      html: expect.stringContaining('Localité inconnue'),
    });
  });

  it('les flux (iCal, RSS) : mêmes paramètres, même cercle, un titre qui le dit ; une localité inconnue est refusée', async () => {
    await store.events.insertMany(PLACES.map(([id, lat, lng, day]) => makeEvent(id, lat, lng, day)));
    const feed = await selectionFeed({ store }, new URLSearchParams('autour=Morges&rayon=10'), { series: true });
    expect(feed.events.map((e) => e.id)).toEqual(['preverenges', 'aubonne', 'saint-prex']);
    expect(feed.title).toContain('autour de Morges (10\u00a0km)');
    const refused = await selectionFeed({ store }, new URLSearchParams('autour=Atlantis'));
    expect(refused.events).toEqual([]);
    expect(refused.searchError).toContain('Localité inconnue');
  });
});
