// Hostile uploads through the real form: each is refused with a French message and nothing is stored.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Ports, test } from './fixtures';
import { fillEvent, formSecurity, openEventForm, unique } from './utils';

const JPEG = fs.readFileSync(path.resolve('tests/e2e/fixtures/affiche.jpg'));
const EIGHT_MB = 8 * 1024 * 1024;

/** Every uploaded file but partner logos (written by the admin tests meanwhile): these tests are about events. */
const storedFiles = async ({ files }: Ports) =>
  (await files.list('')).map((f) => f.key).filter((key) => !key.startsWith('partners/'));

const CASES: { label: string; name: string; mimeType: string; buffer: Buffer; message: RegExp }[] = [
  {
    label: 'un fichier de 8 Mo plus 1 octet',
    name: 'grande.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([JPEG, Buffer.alloc(EIGHT_MB + 1 - JPEG.length)]),
    message: /dépasse 8 Mo/,
  },
  {
    label: 'une page HTML renommée en .jpg',
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
    message: /Format d’image non accepté/,
  },
  {
    label: 'un SVG',
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    message: /Format d’image non accepté/,
  },
  {
    label: 'un JPEG tronqué',
    name: 'coupee.jpg',
    mimeType: 'image/jpeg',
    buffer: JPEG.subarray(0, Math.floor(JPEG.length / 2)),
    message: /illisible ou incomplète/,
  },
  {
    label: 'un nom de fichier en ../',
    name: '../../etc/affiche.jpg',
    mimeType: 'image/jpeg',
    buffer: JPEG,
    message: /Nom de fichier non accepté/,
  },
];

test.describe('téléversements refusés', () => {
  for (const c of CASES) {
    test(`${c.label} : refusé avec un message, rien n’est stocké @once`, async ({ page, ports, signIn }) => {
      const organizer = await openEventForm(page, signIn);
      const security = await formSecurity(page);
      const before = await storedFiles(ports);
      const title = `Upload refusé ${Date.now()}`;
      // Posted as the form does without JS (multipart), with a file name the browser would never send for case 5.
      const response = await page.request.post('/organizer/submit-event', {
        headers: { Origin: new URL(page.url()).origin },
        multipart: {
          ...security,
          submissionKey: 'a'.repeat(24),
          title,
          description: 'Une description assez longue pour passer la validation.',
          category: 'musique',
          startDate: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
          startTime: '20:00',
          venueName: 'Salle',
          postalCode: '1950',
          city: 'Sion',
          canton: 'VS',
          isFree: 'on',
          organizerName: 'Test',
          imageAlt: 'Affiche',
          image: { name: c.name, mimeType: c.mimeType, buffer: c.buffer },
        },
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toMatch(c.message);
      expect(await ports.store.events.listByOwner(organizer.uid)).toEqual([]);
      expect(await storedFiles(ports)).toEqual(before);
    });
  }
});

test.describe('téléversements refusés, avec JavaScript', () => {
  // The image leaves as soon as it is chosen; a browser sends a bare file name, so the ../ case is the server's alone.
  for (const c of CASES.filter((c) => !c.name.includes('/'))) {
    test(`${c.label}, choisi dans le champ : le message est sous le champ, sans jeton, rien n’est stocké @js-only`, async ({
      page,
      ports,
      signIn,
    }) => {
      await openEventForm(page, signIn);
      await page.getByLabel('Titre', { exact: true }).fill('Concert à l’affiche refusée');
      const before = await storedFiles(ports);
      await page
        .getByLabel(/Image \(facultative\)/)
        .setInputFiles({ name: c.name, mimeType: c.mimeType, buffer: c.buffer });
      await expect(page.getByRole('alert').filter({ hasText: c.message })).toBeVisible();
      // Marked like the server marks it without JavaScript, and no preview of what was refused.
      await expect(page.getByLabel(/Image \(facultative\)/)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByLabel(/Image \(facultative\)/)).toHaveAccessibleDescription(c.message);
      await expect(page.getByAltText('Aperçu de l’image choisie')).toHaveCount(0);
      await expect(page.getByTestId('upload-done')).toHaveCount(0);
      await expect(page.locator('input[name="pendingImage"]')).toHaveValue('');
      await expect(page.getByLabel('Titre', { exact: true })).toHaveValue('Concert à l’affiche refusée');
      // The refused file left the field: the form will not carry it.
      expect(
        await page.getByLabel(/Image \(facultative\)/).evaluate((input: HTMLInputElement) => input.files?.length),
      ).toBe(0);
      expect(await storedFiles(ports)).toEqual(before);
    });
  }

  // An outside tester's journey: a 15 Mo photo, the warning, then « Envoyer » anyway. The file stayed in the field, the
  // submission was too big to be read, and the answer a page of error: everything typed was lost.
  test('une photo de 15 Mo refusée, puis le formulaire envoyé : l’événement part sans elle, rien n’est perdu @js-only', async ({
    page,
    ports,
    signIn,
  }) => {
    const organizer = await openEventForm(page, signIn);
    const title = unique('Concert sans la grande affiche');
    await fillEvent(page, title);
    const before = await storedFiles(ports);
    await page.getByLabel(/Image \(facultative\)/).setInputFiles({
      name: 'enorme.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([JPEG, Buffer.alloc(15 * 1024 * 1024)]),
    });
    await expect(page.getByRole('alert').filter({ hasText: /dépasse 8 Mo/ })).toBeVisible();
    await page.getByRole('button', { name: 'Envoyer pour publication' }).click();
    await expect(page).toHaveURL(/\/organizer\/event-confirmation\/[a-z0-9]+$/);
    await expect(page.getByTestId('confirmation-card').getByRole('heading', { name: title })).toBeVisible();
    const [event] = await ports.store.events.listByOwner(organizer.uid);
    expect(event).toMatchObject({ title, image: null });
    expect(await storedFiles(ports)).toEqual(before);
  });
});

test.describe('soumissions répétées @http', () => {
  test('200 envois en parallèle avec des clés répétées créent exactement un événement par clé', async ({
    page,
    ports,
    signIn,
  }) => {
    const organizer = await openEventForm(page, signIn);
    const security = await formSecurity(page);
    const stamp = Date.now();
    const keys = Array.from({ length: 20 }, (_, i) => `k${stamp.toString(36)}${i}`.padEnd(24, 'x').slice(0, 24));
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        page.request.post('/organizer/submit-event', {
          headers: { Origin: new URL(page.url()).origin },
          maxRedirects: 0,
          multipart: {
            ...security,
            submissionKey: keys[i % 20],
            title: `Parallèle ${stamp} ${i % 20}`,
            description: 'Une description assez longue pour passer la validation.',
            category: 'vie-locale',
            startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
            startTime: '18:00',
            venueName: 'Salle communale',
            postalCode: '2800',
            city: 'Delémont',
            canton: 'JU',
            isFree: 'on',
            organizerName: 'Test',
          },
        }),
      ),
    );
    expect(responses.map((r) => r.status()).every((s) => s === 302)).toBe(true);
    // Every event of this new account, by title: twenty titles, one event each.
    const perTitle = async () => {
      const counts = new Map<string, number>();
      for (const e of await ports.store.events.listByOwner(organizer.uid))
        counts.set(e.title, (counts.get(e.title) ?? 0) + 1);
      return counts;
    };
    await expect.poll(async () => (await perTitle()).size).toBe(20);
    const rows = await perTitle();
    expect([...rows.keys()].every((title) => title.startsWith(`Parallèle ${stamp} `))).toBe(true);
    expect([...rows.values()].every((n) => n === 1)).toBe(true);
    for (const key of keys) {
      const targets = new Set(responses.filter((_, i) => keys[i % 20] === key).map((r) => r.headers().location));
      expect(targets.size).toBe(1);
    }
  });
});
