// Venues and organizers with pages of their own (issue 36), with and without JavaScript: a venue's page lists its
// approved events and never a pending or refused one, says how to get there and its accessibility, answers its old
// address by a 301, follows by email (only its events) and by the widget; an organizer's page, the indexes.
import { randomUUID } from 'node:crypto';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import { slugify } from '../../app/domain/slug';
import { makeOrganizer, makeVenue, SOME_ACCESSIBILITY } from '../support/factories';
import { expect, test } from './fixtures';
import { mailsTo, runDigestsUntil, unique } from './utils';

const ldOf = async (page: import('@playwright/test').Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');

test.describe('pages des lieux et des organisateurs', () => {
  test('la page d’un lieu montre son événement approuvé, jamais celui en attente ni le refusé, et comment y aller @journey @once', async ({
    page,
    ports,
    createEvent,
  }) => {
    const name = unique('Salle du Pont Rouge');
    const venue = makeVenue({
      id: randomUUID(),
      name,
      slug: slugify(name),
      locality: 'Lausanne',
      canton: 'VD',
      lat: 46.52,
      lng: 6.63,
      stop: 'Lausanne, Riponne-M. Béjart',
      description: 'Une salle de quartier au bord du Flon.',
      accessibility: SOME_ACCESSIBILITY,
    });
    await ports.store.venues.insertMany([venue]);
    const shown = await createEvent({ title: unique('Concert au Pont'), venueId: venue.id, status: 'approved' });
    const pending = await createEvent({ title: unique('Répétition en attente'), venueId: venue.id, status: 'pending' });
    const refused = await createEvent({ title: unique('Soirée refusée'), venueId: venue.id, status: 'rejected' });

    // Behind Hosting, the instance that answers may get the new event a moment later, and the CDN keeps what it
    // answered for PUBLIC_S_MAXAGE (30 s): read again until the page shows it.
    await expect(async () => {
      const response = await page.goto(`/lieux/${venue.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('link', { name: shown.title })).toBeVisible({ timeout: 1_000 });
    }).toPass({ intervals: [500, 1_000, 2_000, 5_000], timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(pending.title)).toHaveCount(0);
    await expect(page.getByText(refused.title)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Itinéraire' })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    await expect(page.getByTestId('venue-sbb')).toHaveAttribute(
      'href',
      /sbb\.ch.*nach=Lausanne%2C\+Riponne-M\.\+B%C3%A9jart/,
    );
    await expect(page.getByTestId('venue-accessibility')).toContainText('Accessible en fauteuil roulant');
    await expect(page.getByTestId('venue-accessibility')).toContainText('Boucle magnétique');
    await expect(page.getByTestId('venue-accessibility')).toContainText('Label OK:GO');
    await expect(page.getByTestId('venue-accessibility')).not.toContainText('Toilettes accessibles');
    await expect(page.getByRole('link', { name: 'Calendrier (iCal)' })).toHaveAttribute(
      'href',
      `/evenements.ics?lieu=${venue.slug}`,
    );
    await expect(page.getByRole('heading', { name: 'Recevoir les événements de ce lieu par email' })).toBeVisible();
    // The federation is off on this site: no handle to follow (federation.spec.ts shows it on).
    await expect(page.getByText('Suivre sur Mastodon')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const ld = await ldOf(page);
    expect(ld).toMatchObject({
      '@type': 'Place',
      name,
      geo: { '@type': 'GeoCoordinates', latitude: 46.52, longitude: 6.63 },
      address: { addressLocality: 'Lausanne', addressRegion: 'VD' },
    });

    // Its feed lists the approved event only.
    const ics = await page.request.get(`/evenements.ics?lieu=${venue.slug}`);
    const calendar = await ics.text();
    expect(calendar).toContain(shown.title.slice(0, 20));
    expect(calendar).not.toContain(pending.title.slice(0, 20));

    // The event's page links its venue's name to this page, and its JSON-LD location is the venue's Place.
    await page.goto(`/evenement/${shown.id}`);
    await expect(page.getByTestId('venue-link')).toHaveAttribute('href', `/lieux/${venue.slug}`);
    const eventLd = await ldOf(page);
    expect(eventLd.location).toMatchObject({ '@type': 'Place', url: expect.stringContaining(`/lieux/${venue.slug}`) });
    expect(eventLd.location.geo).toMatchObject({ latitude: 46.52, longitude: 6.63 });
  });

  test('l’ancienne adresse d’un lieu renvoie (301) à la fiche gardée ; un lieu seulement proposé n’a pas de page @once', async ({
    page,
    ports,
    createEvent,
  }) => {
    const name = unique('Grange de Savièse');
    const venue = makeVenue({
      id: randomUUID(),
      name,
      slug: slugify(name),
      redirectFrom: [`${slugify(name)}-ancienne`],
    });
    const proposed = makeVenue({ id: randomUUID(), name: unique('Cave proposée'), status: 'pending' });
    proposed.slug = slugify(proposed.name);
    await ports.store.venues.insertMany([venue, proposed]);
    await createEvent({ venueId: proposed.id, status: 'approved' });

    const moved = await page.request.get(`/lieux/${venue.slug}-ancienne`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/lieux/${venue.slug}`);
    await page.goto(`/lieux/${venue.slug}-ancienne`);
    await expect(page).toHaveURL(new RegExp(`/lieux/${venue.slug}$`));
    // No public event yet: the page is there, not indexed.
    await expect(page.getByTestId('venue-no-events')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    expect((await page.request.get(`/lieux/${proposed.slug}`)).status()).toBe(404);
    // Its events are not listed under its name either.
    const api = await page.request.get(`/api/v1/events?lieu=${proposed.slug}`);
    expect(api.status()).toBe(400);
  });

  test('le widget et l’API filtrés par lieu ne listent que ses événements @once', async ({
    page,
    ports,
    createEvent,
  }) => {
    const name = unique('Théâtre de Vidy');
    const venue = makeVenue({ id: randomUUID(), name, slug: slugify(name) });
    await ports.store.venues.insertMany([venue]);
    const here = await createEvent({ title: unique('Pièce à Vidy'), venueId: venue.id });
    const elsewhere = await createEvent({ title: unique('Pièce ailleurs') });

    await page.goto(`/integrer?lieu=${venue.slug}`);
    await expect(page.getByRole('link', { name: here.title })).toBeVisible();
    await expect(page.getByText(elsewhere.title)).toHaveCount(0);

    const api = await (await page.request.get(`/api/v1/events?lieu=${venue.slug}&fields=title`)).json();
    expect(api.data.map((e: { title: string }) => e.title)).toEqual([here.title]);
    const list = await (await page.request.get(`/api/v1/venues?q=${encodeURIComponent(name)}`)).json();
    expect(list.data).toMatchObject([{ slug: venue.slug, name, upcomingEvents: 1 }]);

    // The list filtered by the venue keeps its filter, and says it in a chip.
    await page.goto(`/evenements?lieu=${venue.slug}`);
    await expect(page.getByRole('link', { name: here.title })).toBeVisible();
    await expect(page.getByText(elsewhere.title)).toHaveCount(0);
  });

  test('l’alerte d’un lieu n’envoie que les événements de ce lieu @journey', async ({
    page,
    request,
    ports,
    createEvent,
  }) => {
    const name = unique('Salle des fêtes');
    const venue = makeVenue({ id: randomUUID(), name, slug: slugify(name) });
    await ports.store.venues.insertMany([venue]);
    const address = `${slugify(unique('alerte-lieu'))}@example.ch`;

    await page.goto(`/lieux/${venue.slug}`);
    const block = page.getByTestId('alert-subscribe');
    await expect(block.getByRole('heading', { name: 'Recevoir les événements de ce lieu par email' })).toBeVisible();
    await expect(block).toContainText(`(${name})`);
    await block.getByLabel('Votre adresse email').fill(address);
    // Every morning: the weekly letter goes out on Thursdays only, and the job below runs tomorrow morning, whatever today is.
    await block.getByRole('radio', { name: 'Chaque matin' }).check();
    await block.getByRole('button', { name: 'Recevoir l’alerte' }).click();
    await expect(page.getByTestId('alert-requested')).toBeVisible();
    await expect.poll(() => mailsTo(address).at(-1) ?? '').toContain('/alertes/confirmer/');
    const confirmUrl = /https?:\/\/\S+\/alertes\/confirmer\/[\w-]+/.exec(mailsTo(address).at(-1) ?? '')?.[0] ?? '';
    await page.goto(new URL(confirmUrl).pathname);
    await page.getByRole('button', { name: 'Confirmer mon alerte' }).click();
    await expect(page.getByTestId('alert-confirmed')).toBeVisible();

    // Approved after the confirmation: one at the venue, one elsewhere, and a pending one at the venue.
    const moderatedAt = new Date(Date.now() + 1000).toISOString();
    const here = await createEvent({ title: unique('Bal à la salle'), venueId: venue.id, moderatedAt });
    const elsewhere = await createEvent({ title: unique('Bal ailleurs'), moderatedAt });
    const waiting = await createEvent({ title: unique('Bal en attente'), venueId: venue.id, status: 'pending' });
    const digests = () => mailsTo(address).filter((m) => m.includes('correspond à votre alerte'));
    await runDigestsUntil(request, () => digests().length);
    expect(digests()).toHaveLength(1);
    expect(digests()[0]).toContain(here.title);
    expect(digests()[0]).not.toContain(elsewhere.title);
    expect(digests()[0]).not.toContain(waiting.title);
  });

  test('la page d’un organisateur : ses événements à venir et passés, son JSON-LD Organization @once', async ({
    page,
    ports,
    createEvent,
  }) => {
    const name = unique('Société de jeunesse de Savièse');
    const organizer = makeOrganizer({
      id: randomUUID(),
      name,
      slug: slugify(name),
      website: 'https://jeunesse.example',
      description: 'La jeunesse du village organise la fête de la Saint-Germain.',
    });
    await ports.store.organizers.insertMany([organizer]);
    const next = await createEvent({
      title: unique('Loto de la jeunesse'),
      organizerId: organizer.id,
      organizerName: name,
    });
    const day = addDaysToDate(zurichToday(), -20);
    const past = await createEvent({
      title: unique('Bal de l’an passé'),
      organizerId: organizer.id,
      startsAt: zurichIso(day, '20:00'),
      endsAt: zurichIso(day, '23:00'),
    });
    const pending = await createEvent({
      title: unique('Souper en attente'),
      organizerId: organizer.id,
      status: 'pending',
    });

    await page.goto(`/organisateurs/${organizer.slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: next.title })).toBeVisible();
    await expect(page.getByTestId('organizer-past')).toContainText(past.title);
    await expect(page.getByText(pending.title)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Site web de l’organisateur' })).toHaveAttribute(
      'href',
      'https://jeunesse.example',
    );
    await expect(
      page.getByRole('heading', { name: 'Recevoir les événements de cet organisateur par email' }),
    ).toBeVisible();
    expect(await ldOf(page)).toMatchObject({ '@type': 'Organization', name, sameAs: 'https://jeunesse.example' });

    await page.goto(`/evenement/${next.id}`);
    await expect(page.getByTestId('organizer-link')).toHaveAttribute('href', `/organisateurs/${organizer.slug}`);
    expect((await ldOf(page)).organizer).toMatchObject({ '@type': 'Organization', name });
  });

  test('« Haut de page (cantons) » est une cible tactile de 44 px sur un téléphone @once', async ({ page, ports }) => {
    // Found on the walk of issue 70: the link was 17 px high at 390 px.
    const names = [unique('Salle du Haut'), unique('Grange du Haut')];
    await ports.store.venues.insertMany([
      makeVenue({ id: randomUUID(), name: names[0], slug: slugify(names[0]), locality: 'Nyon', canton: 'VD' }),
      makeVenue({ id: randomUUID(), name: names[1], slug: slugify(names[1]), locality: 'Bulle', canton: 'FR' }),
    ]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lieux');
    const top = page.getByRole('link', { name: 'Haut de page (cantons)' }).first();
    await expect(top).toBeVisible();
    expect((await top.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  });

  test('les index des lieux et des organisateurs se cherchent par un formulaire GET', async ({ page, ports }) => {
    const name = unique('Caveau de Môtier');
    const venue = makeVenue({ id: randomUUID(), name, slug: slugify(name), locality: 'Môtier (Vully)', canton: 'FR' });
    const organizer = makeOrganizer({ id: randomUUID(), name: unique('Confrérie du Vully') });
    organizer.slug = slugify(organizer.name);
    await ports.store.venues.insertMany([venue]);
    await ports.store.organizers.insertMany([organizer]);

    await page.goto('/lieux');
    // Without accents nor capitals, as people type.
    await page.getByLabel('Nom ou localité').fill(slugify(name).replace(/-/g, ' '));
    await page.getByLabel('Canton').selectOption('FR');
    await page.getByRole('button', { name: 'Chercher' }).click();
    await expect(page.getByTestId('venue-index-count')).toHaveText('1 lieu');
    await expect(page.getByRole('heading', { name: 'Fribourg' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Môtier (Vully)' })).toBeVisible();
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/lieux/${venue.slug}$`));

    await page.goto('/organisateurs');
    await page.getByLabel('Nom').fill(organizer.name);
    await page.getByRole('button', { name: 'Chercher' }).click();
    await expect(page.getByTestId('organizer-index-count')).toHaveText('1 organisateur');
    await expect(page.getByRole('link', { name: organizer.name })).toHaveAttribute(
      'href',
      `/organisateurs/${organizer.slug}`,
    );
  });
});
