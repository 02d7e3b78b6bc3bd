// Issue 73's journey, on a 390×844 phone, with and without JavaScript: a committee of three runs an association's
// atelier. The « responsable » invites two members; one submits the atelier « au nom de » the association, which the
// moderator reads with its members; once approved, she opens 12 places with a waiting list; 12 visitors register, the 13th waits; one cancels by the link of
// her mail, the 13th gets the place and a mail; the other member exports the list; the atelier says « Complet »
// everywhere (its page, its card, the API, its JSON-LD).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { approveInModeration, fillEvent, linkInMail, mailsTo, organizationOf, unique } from './utils';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });
const FULL = 'Complet — liste d’attente';

test('un comité de trois : deux membres invités, un atelier de 12 places au nom de l’association, le 13e attend puis a la place @journey @journey-nojs', async ({
  page,
  browser,
  ports,
  people,
  removeAfter,
}, testInfo) => {
  test.setTimeout(120_000);
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const boss = await people.signIn();
  const association = await organizationOf(ports.store, boss, 'Atelier des Tanneries', 'tanneries');

  // The responsable invites two members; each accepts, signed in with the invited address.
  const members: Page[] = [];
  for (const label of ['Trésorière', 'Secrétaire']) {
    const member = await people.createUser({ displayName: unique(label) });
    await page.goto(`/organizer/membres?id=${association.id}`);
    await page.getByLabel('Adresse email').fill(member.email);
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect(page.getByTestId('invitations')).toContainText(member.email);
    const memberPage = await people.pageAs(member, { viewport: phone, javaScriptEnabled });
    await memberPage.goto(await linkInMail(member.email, '/organisation/invitation'));
    await memberPage.getByRole('button', { name: 'Accepter l’invitation' }).click();
    await expect(memberPage.getByTestId('members')).toContainText(member.displayName);
    members.push(memberPage);
  }
  const [treasurer, secretary] = members;

  // The treasurer submits the atelier « au nom de » the association; an admin approves it.
  await treasurer.goto('/organizer/submit-event');
  await expect(treasurer.getByLabel('Publier au nom de')).toHaveValue(association.id);
  const title = unique('Atelier de reliure');
  await fillEvent(treasurer, title);
  await treasurer.getByRole('button', { name: 'Envoyer pour publication' }).click();
  await expect(treasurer).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
  const id = new URL(treasurer.url()).pathname.split('/').pop() as string;
  removeAfter.event(id);
  const admin = await people.pageAs(await people.createUser({ role: 'admin' }), { viewport: phone });
  // The moderator reads who did what: for the association, by one of its members, seen by all three.
  await admin.goto(`/admin/events?eventId=${id}`);
  const onBehalf = admin.getByTestId('moderation-organization');
  await expect(onBehalf).toContainText(`Au nom de ${association.name}, proposé par un de ses membres (membre).`);
  await expect(onBehalf).toContainText(`${boss.displayName} (responsable)`);
  await approveInModeration(admin, id);
  await admin.close();

  // She opens 12 places with a waiting list, from the dashboard.
  await treasurer.goto('/dashboard');
  await treasurer.locator('li', { hasText: title }).getByRole('link', { name: 'Inscriptions' }).click();
  await treasurer.getByLabel('Nombre de places').fill('12');
  await treasurer.getByLabel('Personnes par inscription, au plus').fill('1');
  await treasurer.getByLabel('Liste d’attente quand c’est complet').check();
  await treasurer.getByRole('button', { name: 'Ouvrir les inscriptions' }).click();
  await expect(treasurer.getByText('Inscriptions ouvertes\u00a0: 12\u00a0places.')).toBeVisible();
  const startsAt = (await ports.store.registrations.openings(id))[0].startsAt;

  // Eleven visitors registered earlier (written to the store: the form allows ten sendings a minute from one
  // address, this machine's); the 12th and the 13th register on the page, as visitors do.
  const tag = Date.now().toString(36) + testInfo.project.name;
  const email = (n: number) => `atelier${n}-${tag}@exemple.ch`;
  for (let n = 1; n <= 11; n++) {
    const outcome = await ports.store.registrations.register(
      {
        id: randomUUID(),
        eventId: id,
        startsAt,
        name: `Visiteur ${n}`,
        email: email(n),
        people: 1,
        answers: [],
        tokenHash: randomUUID(),
        createdAt: new Date().toISOString(),
      },
      new Date().toISOString(),
    );
    expect(outcome.ok).toBe(true);
  }
  const visitor = await browser.newPage({ viewport: phone, javaScriptEnabled });
  const registerAs = async (n: number) => {
    await visitor.goto(`/evenement/${id}`);
    const panel = visitor.locator('#inscription');
    await panel.getByLabel('Votre nom').fill(`Visiteur ${n}`);
    await panel.getByLabel('Votre adresse email').fill(email(n));
    await panel.getByRole('button', { name: /M’inscrire/ }).click();
    await expect(visitor.getByTestId('flash')).toBeVisible();
  };
  await visitor.goto(`/evenement/${id}`);
  await expect(visitor.getByTestId('registration-places')).toHaveText('Plus qu’une place');
  await registerAs(12);
  await registerAs(13);
  await expect(visitor.getByTestId('flash')).toContainText('liste d’attente');

  // The 12th cancels by the link of her mail; the 13th gets the place, and a mail saying so.
  await visitor.goto(await linkInMail(email(12), '/inscription/annuler/'));
  await visitor.getByRole('button', { name: 'Annuler mon inscription' }).click();
  await expect(visitor.getByTestId('registration-cancelled')).toBeVisible();
  await expect
    .poll(() => mailsTo(email(13)).some((m) => m.includes('Une place s’est libérée')), { timeout: 10_000 })
    .toBe(true);

  // The secretary, the other member, exports the list: 13 rows, the 13th confirmed, the 12th cancelled.
  await secretary.goto(`/evenement/${id}/inscriptions`);
  const download = secretary.waitForEvent('download');
  await secretary.getByRole('link', { name: 'Exporter la liste (CSV, pour un tableur)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  // The BOM first (a spreadsheet then reads UTF-8), then rows ended by CRLF.
  expect(csv.startsWith('\ufeff"Nom";"Email";"Personnes";"Statut";"Inscrit le"\r\n')).toBe(true);
  const rows = csv.slice(1).trimEnd().split('\r\n');
  expect(rows).toHaveLength(14);
  expect(rows.find((r) => r.includes(email(13)))).toContain('"confirmée"');
  expect(rows.find((r) => r.includes(email(12)))).toContain('"annulée"');
  // The list of 13 reads on the phone: scrolled within its box, never the page (the walk: 594 px wide).
  expect(await secretary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // Full everywhere: the page, the card of the list, the API, the page's JSON-LD.
  await visitor.goto(`/evenement/${id}`);
  await expect(visitor.getByTestId('registration-places')).toHaveText(FULL);
  const ld = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
  expect(ld).toContain('"remainingAttendeeCapacity":0');
  expect(ld).toContain('"availability":"https://schema.org/SoldOut"');
  await visitor.goto(`/evenements?q=${encodeURIComponent(title)}`);
  await expect(visitor.locator('.event-card', { hasText: title }).locator('.tag--registration')).toHaveText(FULL);
  const api = await (await visitor.request.get(`/api/v1/events/${id}`)).json();
  expect(api.data.registration).toEqual({ availability: 'waiting-list', remainingPlaces: 0, text: FULL });
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  for (const p of [visitor, treasurer, secretary]) await p.close();
});
