// The event form's venue and organizer (issue 36, decision 095), with and without JavaScript, on SQLite and Firestore:
// an organizer picks a known venue for one event and proposes a new one for another, the admin approves both events
// and the new venue with its event; a forged POST attaching another account's organizer is refused.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { makeEventForm, makeOrganizer, makeVenue } from '../support/factories';
import { expect, test } from './fixtures';
import {
  approveInModeration,
  confirmationId,
  fillEvent,
  formSecurity,
  openEventForm,
  organizationOf,
  pickStoredVenue,
  unique,
} from './utils';

const withJavaScript = () => test.info().project.use.javaScriptEnabled !== false;

async function send(page: Page) {
  await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  return confirmationId(page);
}

test('un organisateur choisit un lieu connu, en propose un nouveau ; l’admin approuve les deux événements et le nouveau lieu avec le sien @journey @journey-nojs', async ({
  page,
  ports,
  people,
  removeAfter,
}) => {
  const hall = unique('Salle des Remparts');
  const known = makeVenue({
    id: randomUUID(),
    name: hall,
    slug: hall.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    street: 'Rue des Remparts 4',
    postalCode: '1400',
    locality: 'Yverdon-les-Bains',
    canton: 'VD',
    lat: 46.7785,
    lng: 6.641,
    status: 'approved',
  });
  await ports.store.venues.insertMany([known]);
  const organizer = await people.createUser();
  const society = await organizationOf(ports.store, organizer, 'Société de musique', 'societe');
  const orga = await people.pageAs(organizer, { javaScriptEnabled: withJavaScript() });

  // 1. A known venue: searched as one types with JavaScript; typed in part without (issue 70), where a name two
  // venues share asks which one.
  const twin = makeVenue({
    ...known,
    id: randomUUID(),
    slug: `${known.slug}-morges`,
    street: 'Grand-Rue 1',
    postalCode: '1110',
    locality: 'Morges',
    lat: 46.511,
    lng: 6.498,
  });
  if (!withJavaScript()) await ports.store.venues.insertMany([twin]);
  await orga.goto('/organizer/submit-event');
  if (!withJavaScript()) {
    // Written by the test, not by this server: each server process lists it within 15 s (its read cache).
    const listed = orga.locator(`datalist option[value="${hall} — Yverdon-les-Bains"]`);
    await expect(async () => {
      await orga.reload();
      await expect(listed).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 40_000 });
  }
  const first = unique('Concert des Remparts');
  await fillEvent(orga, first);
  await expect(orga.getByLabel('Publier au nom de')).toHaveValue(society.id);
  if (withJavaScript()) {
    await pickStoredVenue(orga, hall);
    await expect(orga.getByTestId('venue-chosen')).toContainText(hall);
    // The venue's address fills the place shown.
    await expect(orga.getByLabel('Lieu', { exact: true })).toHaveValue(hall);
    await expect(orga.getByLabel('Localité', { exact: true })).toHaveValue('Yverdon-les-Bains');
  } else {
    // Part of the name, as a phone's keyboard types it: two venues have it, the page asks which, the text kept.
    const part = `remparts ${hall.split(' ').at(-1)}`;
    await orga.getByLabel('Lieu enregistré').fill(part);
    await orga.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(orga.getByText(`2\u00a0lieux correspondent à «\u00a0${part}\u00a0»`).first()).toBeVisible();
    await expect(orga.getByLabel('Lieu enregistré')).toHaveValue(part);
    const candidates = orga.getByTestId('venue-candidates').getByRole('radio');
    await expect(candidates).toHaveCount(2);
    await orga.getByRole('radio', { name: /Yverdon-les-Bains/ }).check();
  }
  const firstId = await send(orga);
  removeAfter.event(firstId);

  // 2. A new venue, typed: proposed, waiting with its event.
  await orga.goto('/organizer/submit-event');
  const second = unique('Bal de la Grange');
  const barn = unique('Grange à Pont');
  await fillEvent(orga, second);
  await orga.getByLabel('Lieu', { exact: true }).fill(barn);
  if (withJavaScript()) {
    await orga.getByRole('combobox', { name: 'Lieu enregistré' }).fill(barn);
    await orga.getByRole('option', { name: /Proposer un nouveau lieu/ }).click();
  } else {
    // Left empty: the place typed below is proposed.
    await expect(orga.getByLabel('Lieu enregistré')).toHaveValue('');
  }
  const secondId = await send(orga);
  removeAfter.event(secondId);

  const a = await ports.store.events.findById(firstId);
  const b = await ports.store.events.findById(secondId);
  expect(a).toMatchObject({ status: 'pending', venueId: known.id, organizerId: society.id, venueName: hall });
  expect(a?.street).toBe('Rue des Remparts 4');
  const proposed = await ports.store.venues.findById(b?.venueId ?? '');
  expect(proposed).toMatchObject({ name: barn, status: 'pending', locality: 'Saint-Imier' });

  // 3. The admin sees the proposed venue with its event and approves both events.
  await people.signIn({ role: 'admin' });
  await page.goto(`/admin/events?eventId=${secondId}`);
  await expect(page.getByTestId('venue-record')).toContainText(`${barn}`);
  await expect(page.getByTestId('venue-record')).toContainText('nouveau lieu proposé');
  await approveInModeration(page, secondId);
  await approveInModeration(page, firstId);
  expect((await ports.store.venues.findById(proposed?.id ?? ''))?.status).toBe('approved');
  expect((await ports.store.events.findById(secondId))?.status).toBe('approved');
  // The event page shows the venue's address.
  await page.goto(`/evenement/${firstId}`);
  await expect(page.getByText('Rue des Remparts 4').first()).toBeVisible();
});

test('un POST forgé qui rattache l’événement à l’organisateur d’un autre compte est refusé, rien n’est écrit @journey @once', async ({
  page,
  ports,
  signIn,
}) => {
  const other = makeOrganizer({
    id: randomUUID(),
    name: unique('Opéra voisin'),
    slug: `opera-${randomUUID().slice(0, 8)}`,
    accountUids: ['un-autre-compte'],
    status: 'approved',
  });
  await ports.store.organizers.insertMany([other]);
  const organizer = await openEventForm(page, signIn);
  const security = await formSecurity(page);
  const title = unique('Concert usurpé');
  const response = await page.request.post('/organizer/submit-event', {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { ...security, ...makeEventForm({ title }), submissionKey: 'b'.repeat(24), organizerId: other.id },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('Votre compte ne parle pas pour cet organisateur');
  expect(await ports.store.events.listByOwner(organizer.uid)).toEqual([]);
});

test('un admin choisit l’organisateur parmi tous ceux de l’agenda : cherché en tapant avec JavaScript, dans la liste sans', async ({
  page,
  ports,
  signIn,
  removeAfter,
}) => {
  const tag = randomUUID().slice(0, 6);
  // More than a drop-down should carry: the admin's form lists every approved organizer.
  const choirs = Array.from({ length: 14 }, (_, i) =>
    makeOrganizer({ id: randomUUID(), name: `Chœur ${tag} ${i}`, slug: `choeur-${tag}-${i}`, status: 'approved' }),
  );
  const youth = makeOrganizer({
    id: randomUUID(),
    name: `Société de jeunesse de Savièse ${tag}`,
    slug: `jeunesse-saviese-${tag}`,
    status: 'approved',
  });
  await ports.store.organizers.insertMany([...choirs, youth]);
  await openEventForm(page, signIn, { role: 'admin' });
  const title = unique('Bal de la jeunesse');
  await fillEvent(page, title);
  if (withJavaScript()) {
    const box = page.getByRole('combobox', { name: 'Organisateur enregistré' });
    // Words that begin words of the name, accents and case aside.
    await box.fill(`JEUNESSE savie ${tag}`);
    await expect(page.getByRole('listbox', { name: 'Organisateurs connus' }).getByRole('option')).toHaveText([
      youth.name,
      /Proposer un nouvel organisateur/,
    ]);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByTestId('organizer-chosen')).toContainText(youth.name);
    // Its name fills the organizer's field, as the drop-down did.
    await expect(page.getByLabel('Organisateur', { exact: true })).toHaveValue(youth.name);
  } else {
    await expect(page.getByLabel('Organisateur enregistré').locator('option', { hasText: youth.name })).toHaveCount(1);
    await page.getByLabel('Organisateur enregistré').selectOption(youth.id);
    await page.getByLabel('Organisateur', { exact: true }).fill(youth.name);
  }
  const id = await send(page);
  removeAfter.event(id);
  expect(await ports.store.events.findById(id)).toMatchObject({ organizerId: youth.id, organizerName: youth.name });
});
