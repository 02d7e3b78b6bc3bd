// The public API (/api/v1) on both backends, through its routes' loaders: only public content, the list's filters,
// one row per occurrence, a stable cursor, problem+json refusals, CORS and the per-IP allowance.
import type { AppLoadContext } from '@remix-run/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listApiEvents } from '../../app/.server/api/events';
import type { Store } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import { type AgendaEvent, contentOf } from '../../app/domain/event';
import { loader as categoriesLoader } from '../../app/routes/api.v1.categories';
import { loader as eventsLoader } from '../../app/routes/api.v1.events';
import { loader as eventLoader } from '../../app/routes/api.v1.events_.$id';
import { loader as partnersLoader } from '../../app/routes/api.v1.partners';
import { makeEvent, makePartner } from '../support/factories';
import { BACKENDS } from './backends';

const SITE = 'https://agenda.example';
let ipCount = 0;

type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response>;

const day = (n: number) => addDaysToDate(zurichToday(), n);
const on = (n: number, overrides: Partial<AgendaEvent>) =>
  makeEvent({ startsAt: zurichIso(day(n), '20:00'), endsAt: zurichIso(day(n), '22:00'), ...overrides });

describe.each(BACKENDS)('API publique : $name', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let perMinute = 10_000;

  async function call(loader: Loader, path: string, params: Record<string, string> = {}, ip?: string) {
    const context = {
      services: { store, config: { SITE_URL: SITE, API_RATE_PER_MINUTE: perMinute } },
      clientIp: ip ?? `198.51.100.${++ipCount % 250}`,
    } as unknown as AppLoadContext;
    const response = await loader({ request: new Request(`${SITE}${path}`), params, context });
    return { response, body: await response.json() };
  }
  const list = (query: string) => call(eventsLoader as Loader, `/api/v1/events${query}`);
  const titles = (body: { data: { title: string }[] }) => body.data.map((e) => e.title);

  beforeEach(async () => {
    perMinute = 10_000;
    ({ store, dispose } = await backend.open());
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    const approved = on(5, {
      id: 'publie',
      title: 'Concert public',
      canton: 'VD',
      city: 'Lausanne',
      status: 'approved',
      performers: ['Stephan Eicher', 'Sophie Hunger'],
    });
    await store.events.insertMany([
      approved,
      on(6, { id: 'attente', title: 'Concert en attente', canton: 'VD', status: 'pending' }),
      on(6, { id: 'refuse', title: 'Concert refusé', canton: 'VD', status: 'rejected' }),
      on(6, { id: 'retire', title: 'Concert retiré', canton: 'VD', status: 'withdrawn' }),
      on(7, {
        id: 'revise',
        title: 'Récital approuvé',
        canton: 'VD',
        status: 'approved',
        revision: { ...contentOf(approved), title: 'Titre non approuvé' },
      }),
      on(8, { id: 'theatre', title: 'Pièce genevoise', category: 'spectacles', canton: 'GE', status: 'approved' }),
      on(9, {
        id: 'serie',
        title: 'Marché du samedi',
        category: 'marches-brocantes',
        canton: 'NE',
        status: 'approved',
        schedule: {
          kind: 'dates',
          dates: [10, 17, 24].map((n) => ({ date: day(n), start: '08:00', end: '12:00' })),
        },
        startsAt: zurichIso(day(10), '08:00'),
        endsAt: zurichIso(day(24), '12:00'),
      }),
    ]);
  });
  afterEach(async () => {
    await dispose();
  });

  it('ne montre que le contenu public : ni en attente, ni refusé, ni retiré, ni révision non approuvée', async () => {
    const { response, body } = await list('?limit=100');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(titles(body)).toEqual([
      'Concert public',
      'Récital approuvé',
      'Pièce genevoise',
      'Marché du samedi',
      'Marché du samedi',
      'Marché du samedi',
    ]);
    for (const id of ['attente', 'refuse', 'retire']) {
      const one = await call(eventLoader as Loader, `/api/v1/events/${id}`, { id });
      expect(one.response.status).toBe(404);
      expect(one.response.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
      expect(one.body.detail).toBe('Aucun événement public ne porte cet identifiant.');
    }
    const revised = await call(eventLoader as Loader, '/api/v1/events/revise', { id: 'revise' });
    expect(revised.body.data.title).toBe('Récital approuvé');
  });

  it('décrit un événement en anglais, dates avec décalage, adresses absolues, une ligne par date d’une série', async () => {
    const { body } = await list('?category=musique&canton=VD&limit=1');
    expect(body.data).toEqual([
      expect.objectContaining({
        id: 'publie',
        title: 'Concert public',
        url: `${SITE}/evenement/publie`,
        icsUrl: `${SITE}/evenement/publie/calendrier.ics`,
        startsAt: expect.stringMatching(new RegExp(`^${day(5)}T20:00:00\\+0[12]:00$`)),
        endsAt: expect.stringMatching(new RegExp(`^${day(5)}T22:00:00\\+0[12]:00$`)),
        venue: expect.objectContaining({ name: 'Salle communale', locality: 'Lausanne', canton: 'VD' }),
        category: { slug: 'musique', name: 'Musique' },
        performers: ['Stephan Eicher', 'Sophie Hunger'],
      }),
    ]);
    // « Artistes, intervenants » (issue 52): an event that names none has an empty list, as the schema says.
    const theatre = await call(eventLoader as Loader, '/api/v1/events/theatre?fields=performers', { id: 'theatre' });
    expect(theatre.body.data).toEqual({ id: 'theatre', performers: [] });
    const markets = await list('?category=marches-brocantes');
    expect(markets.body.data.map((e: { url: string }) => e.url)).toEqual(
      [10, 17, 24].map((n) => `${SITE}/evenement/serie?date=${day(n)}`),
    );
  });

  it('un événement d’une série : ses dates à venir, une date annulée par son organisateur marquée « cancelled »', async () => {
    const cancelled = zurichIso(day(17), '08:00');
    const serie = await store.events.findById('serie');
    if (!serie) throw new Error('série absente');
    await store.events.transition({
      seen: serie.updatedAt,
      next: {
        ...serie,
        cancelledDates: [cancelled],
        updatedAt: new Date(Date.parse(serie.updatedAt) + 1).toISOString(),
      },
    });
    const { body } = await call(eventLoader as Loader, '/api/v1/events/serie', { id: 'serie' });
    expect(body.data.cancelled).toBe(false);
    expect(
      body.data.dates.map((d: { startsAt: string; cancelled: boolean }) => [d.startsAt.slice(0, 16), d.cancelled]),
    ).toEqual([
      [`${day(10)}T08:00`, false],
      [`${day(17)}T08:00`, true],
      [`${day(24)}T08:00`, false],
    ]);
    // Asked for alone, or left out by `fields`; a single date has none.
    const only = await call(eventLoader as Loader, '/api/v1/events/serie?fields=dates', { id: 'serie' });
    expect(Object.keys(only.body.data).sort()).toEqual(['dates', 'id']);
    const without = await call(eventLoader as Loader, '/api/v1/events/serie?fields=title', { id: 'serie' });
    expect(Object.keys(without.body.data).sort()).toEqual(['id', 'title']);
    const single = await call(eventLoader as Loader, '/api/v1/events/publie', { id: 'publie' });
    expect(single.body.data.dates).toBeNull();
  });

  it('« group=series » : une série est une ligne, à sa prochaine date, avec ses dates retenues ; une date annulée le dit (décision 065)', async () => {
    const grouped = await list('?group=series&limit=100');
    expect(titles(grouped.body)).toEqual(['Concert public', 'Récital approuvé', 'Pièce genevoise', 'Marché du samedi']);
    const market = grouped.body.data.at(-1);
    expect(market.url).toBe(`${SITE}/evenement/serie?date=${day(10)}`);
    expect(market.series).toEqual({
      kind: 'dates',
      description: expect.stringMatching(/^3 dates\u00a0: /),
      summary: '3 dates · 08:00',
      matchingDates: 3,
    });
    expect(grouped.body.data[0].series).toBeNull();
    // Within a window, the dates of that window only.
    const window = await list(`?group=series&du=${day(17)}&au=${day(30)}`);
    expect(
      window.body.data.map((e: { url: string; series: { matchingDates: number } }) => [e.url, e.series.matchingDates]),
    ).toEqual([[`${SITE}/evenement/serie?date=${day(17)}`, 2]]);
    // One date cancelled: in occurrences, that row says so; the series stands at its next date.
    const serie = await store.events.findById('serie');
    if (!serie) throw new Error('série absente');
    await store.events.transition({
      seen: serie.updatedAt,
      next: { ...serie, cancelledDates: [zurichIso(day(10), '08:00')], updatedAt: new Date().toISOString() },
    });
    const dates = await list('?category=marches-brocantes&fields=cancelled,url');
    expect(dates.body.data.map((e: { cancelled: boolean }) => e.cancelled)).toEqual([true, false, false]);
    const next = await list('?category=marches-brocantes&group=series&fields=cancelled,url');
    expect(next.body.data).toEqual([{ id: 'serie', cancelled: false, url: `${SITE}/evenement/serie?date=${day(17)}` }]);
    const refused = await list('?group=toutes');
    expect(refused.response.status).toBe(400);
    expect(refused.body.detail).toBe(
      'Valeur inconnue pour « group » : « toutes ». Valeurs possibles : occurrences, series.',
    );
  });

  it('filtre comme /evenements : recherche, canton, dates, et refuse un filtre incompris en français', async () => {
    expect(titles((await list('?q=genevoise')).body)).toEqual(['Pièce genevoise']);
    expect(titles((await list('?canton=GE')).body)).toEqual(['Pièce genevoise']);
    expect(titles((await list(`?du=${day(17)}&au=${day(17)}`)).body)).toEqual(['Marché du samedi']);
    const refused = await list('?category=inconnue');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toBe('Valeur inconnue pour « category » : « inconnue ».');
    expect((await list('?limit=500')).body.detail).toBe('« limit » doit être un nombre entier entre 1 et 100.');
    // A place not understood comes with the names « autour » takes (issue 70: a program has no list to choose from).
    const several = await list('?autour=Cugy');
    expect(several.response.status).toBe(400);
    expect(several.body.localities).toEqual(['Cugy (FR)', 'Cugy (VD)']);
    expect((await list(`?autour=${encodeURIComponent('Cugy (VD)')}`)).response.status).toBe(200);
    expect((await list('?autour=Echalens')).body.localities).toContain('Echallens');
    expect((await list('?autour=Lausanne&rayon=7')).body).not.toHaveProperty('localities');
  });

  it('pagine par curseur sans doublon ni oubli, et ne livre que les champs demandés', async () => {
    const all = titles((await list('?limit=100')).body);
    const seen: string[] = [];
    let query = '?limit=2&fields=id,title';
    for (let pages = 0; pages < 10; pages++) {
      const { body } = await list(query);
      for (const event of body.data) expect(Object.keys(event).sort()).toEqual(['id', 'title']);
      seen.push(...titles(body));
      if (!body.next) break;
      query = `?limit=2&fields=id,title&cursor=${encodeURIComponent(body.next)}`;
    }
    expect(seen).toEqual(all);
    const first = await list('?limit=2');
    const elsewhere = await list(`?canton=GE&cursor=${encodeURIComponent(first.body.next)}`);
    expect(elsewhere.response.status).toBe(400);
  });

  it('liste les catégories actives et les partenaires actifs', async () => {
    await store.partners.create(makePartner({ id: 'commune', name: 'Commune de Morges', active: true }));
    await store.partners.create(makePartner({ id: 'ancien', name: 'Ancien partenaire', active: false }));
    const categories = (await call(categoriesLoader as Loader, '/api/v1/categories')).body.data;
    expect(categories.find((c: { slug: string }) => c.slug === 'musique')).toEqual(
      expect.objectContaining({ name: 'Musique', upcomingEvents: 2, url: `${SITE}/evenements?category=musique` }),
    );
    const partners = (await call(partnersLoader as Loader, '/api/v1/partners')).body.data;
    expect(partners.map((p: { name: string }) => p.name)).toEqual(['Commune de Morges']);
  });

  it('annonce les images approuvées en adresses absolues, à leur vraie largeur, jamais une image en attente', async () => {
    await store.events.insertMany([
      on(11, {
        id: 'grande',
        title: 'Affiche grande',
        status: 'approved',
        image: { path: 'events/grande0000000000', width: 1600, height: 900, alt: 'La scène' },
      }),
      // A 600 px upload: the pipeline writes -400, -800 and -1600, the last two 600 px wide (never enlarged).
      on(12, {
        id: 'petite',
        title: 'Affiche petite',
        status: 'approved',
        image: { path: 'events/petite0000000000', width: 600, height: 400, alt: 'Le chœur' },
      }),
      on(13, {
        id: 'moderation',
        title: 'Affiche en attente',
        status: 'approved',
        image: { path: 'review/attente000000000', width: 1600, height: 900, alt: 'Pas encore vue' },
      }),
    ]);
    const image = async (id: string) =>
      (await call(eventLoader as Loader, `/api/v1/events/${id}`, { id })).body.data.image;
    const uploads = `${SITE}/uploads/events`;
    expect(await image('grande')).toEqual({
      url: `${uploads}/grande0000000000-800.webp`,
      width: 800,
      height: 450,
      alt: 'La scène',
      sizes: [
        { url: `${uploads}/grande0000000000-400.webp`, width: 400, height: 225 },
        { url: `${uploads}/grande0000000000-800.webp`, width: 800, height: 450 },
        { url: `${uploads}/grande0000000000-1600.webp`, width: 1600, height: 900 },
      ],
    });
    expect(await image('petite')).toEqual({
      url: `${uploads}/petite0000000000-800.webp`,
      width: 600,
      height: 400,
      alt: 'Le chœur',
      sizes: [
        { url: `${uploads}/petite0000000000-400.webp`, width: 400, height: 267 },
        { url: `${uploads}/petite0000000000-800.webp`, width: 600, height: 400 },
      ],
    });
    expect(await image('moderation')).toBeNull();
    const listed = (await list('?q=affiche&fields=image')).body.data;
    expect(listed.map((e: { id: string; image: unknown }) => [e.id, e.image === null])).toEqual([
      ['grande', false],
      ['petite', false],
      ['moderation', true],
    ]);
  });

  it('« quand=week-end » trouve le concert du vendredi soir et celui du samedi, pas ceux du mercredi ni du vendredi après-midi ; une valeur inconnue est refusée', async () => {
    // A fixed clock: Wednesday 5 June 2030, 10:00 in Zurich.
    const wednesday = new Date(zurichIso('2030-06-05', '10:00'));
    await store.events.insertMany([
      makeEvent({
        id: 'samedi',
        title: 'Bal du samedi',
        status: 'approved',
        startsAt: zurichIso('2030-06-08', '20:00'),
        endsAt: zurichIso('2030-06-08', '23:00'),
      }),
      makeEvent({
        id: 'mercredi',
        title: 'Conférence du mercredi',
        status: 'approved',
        startsAt: zurichIso('2030-06-05', '20:00'),
        endsAt: zurichIso('2030-06-05', '22:00'),
      }),
      // The weekend begins on Friday at 17:00: the evening's concert is in it, the afternoon's talk is not.
      makeEvent({
        id: 'vendredi-soir',
        title: 'Concert du vendredi soir',
        status: 'approved',
        startsAt: zurichIso('2030-06-07', '20:00'),
        endsAt: zurichIso('2030-06-07', '22:00'),
      }),
      makeEvent({
        id: 'vendredi-apres-midi',
        title: 'Causerie du vendredi après-midi',
        status: 'approved',
        startsAt: zurichIso('2030-06-07', '14:00'),
        endsAt: zurichIso('2030-06-07', '16:00'),
      }),
    ]);
    const weekend = await listApiEvents({ store }, new URLSearchParams('quand=week-end'), SITE, wednesday);
    expect(weekend.data.map((e) => e.title)).toEqual(['Concert du vendredi soir', 'Bal du samedi']);
    const today = await listApiEvents({ store }, new URLSearchParams('quand=aujourdhui'), SITE, wednesday);
    expect(today.data.map((e) => e.title)).toEqual(['Conférence du mercredi']);
    // With dates, « quand » has no effect (as on the list): the dates apply, and a known « quand » is not refused.
    const dated = await listApiEvents(
      { store },
      new URLSearchParams('quand=week-end&du=2030-06-05&au=2030-06-05'),
      SITE,
      wednesday,
    );
    expect(dated.data.map((e) => e.title)).toEqual(['Conférence du mercredi']);

    const refused = await list('?quand=hier');
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toBe('Valeur inconnue pour « quand » : « hier ».');
  });

  it('limite les requêtes par adresse : 429 avec Retry-After une fois l’allocation épuisée', async () => {
    perMinute = 3;
    const ip = `203.0.113.${backend.name.length}`;
    for (let i = 0; i < 3; i++) {
      expect((await call(categoriesLoader as Loader, '/api/v1/categories', {}, ip)).response.status).toBe(200);
    }
    const limited = await call(categoriesLoader as Loader, '/api/v1/categories', {}, ip);
    expect(limited.response.status).toBe(429);
    expect(Number(limited.response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/^Trop de requêtes depuis cette adresse : réessayez dans \d+ s\.$/);
    expect((await call(categoriesLoader as Loader, '/api/v1/categories', {}, '203.0.113.200')).response.status).toBe(
      200,
    );
  });
});
