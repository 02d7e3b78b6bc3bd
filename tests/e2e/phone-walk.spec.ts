// What an outside walk on a 390 px phone found (issue 70), each measured as a phone shows it: the active filters whole
// on the screen, the event form's organizer drop-down showing its whole choice, the bottom bar's date on one line, the
// menu's toggle where the burger is, the map's clusters named, a moderation tab's count apart from its name.
import type { Locator, Page } from '@playwright/test';
import { RealDate } from '../support/test-clock';
import { expect, test } from './fixtures';
import { startOwnServer } from './own-server';
import { clippedTexts } from './tap-targets';

test.use({ viewport: { width: 390, height: 844 } });

async function dismissCookies(page: Page) {
  await page.getByRole('button', { name: 'Nécessaires uniquement' }).click();
  await expect(page.getByRole('region', { name: 'Cookies et vie privée' })).toHaveCount(0);
}

/** How many lines an element's text takes. */
const lines = (target: Locator) =>
  target.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
  );

test.describe('la marche d’un téléphone de 390 px', () => {
  test('six filtres actifs : chaque pastille entière sur l’écran, aucune à faire glisser', async ({ page }) => {
    await page.goto('/evenements?q=concert&canton=VD&quand=week-end&gratuit=1&famille=1&accessible=1');
    const chips = page.getByRole('list', { name: 'Filtres actifs' }).getByRole('link');
    await expect(chips).toHaveCount(6);
    for (const chip of await chips.all()) {
      const box = await chip.boundingBox();
      const name = await chip.getAttribute('aria-label');
      expect(box?.x ?? -1, `gauche de « ${name} »`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999), `droite de « ${name} »`).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('un dimanche, chaque pastille « quand » tient sur une ligne @once', async ({ page }) => {
    // On a Sunday « Cette semaine » says which week (« Cette semaine, jusqu’au dim. 13 déc. »): it wrapped inside its
    // chip at 390 px (issue 70). A server of its own, its clock on a Sunday afternoon, nothing seeded.
    // A server's start on a loaded machine: up to a minute (logs.spec.ts gives its own two).
    test.setTimeout(120_000);
    const sunday = { TEST_CLOCK: '2026-12-06T15:00:00+01:00', TEST_CLOCK_SET_AT: String(RealDate.now()) };
    const server = await startOwnServer({ portOffset: 2, env: sunday });
    try {
      for (const when of ['semaine', 'mois', 'week-end', 'aujourdhui', 'demain']) {
        await page.goto(`${server.base}/evenements?quand=${when}`);
        const chip = page.getByRole('list', { name: 'Filtres actifs' }).getByRole('link');
        await expect(chip).toHaveCount(1);
        // The lines of its text: one top per line of the range over the label.
        const label = await chip.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el.firstChild as Node);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: range.toString(), lines: tops.size, right: el.getBoundingClientRect().right };
        });
        if (when === 'semaine') expect(label.text).toBe('Cette semaine, jusqu’au dim. 13 déc.');
        expect(label.lines, `lignes de « ${label.text} »`).toBe(1);
        expect(label.right, `droite de « ${label.text} »`).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await server.stop();
    }
  });

  test('le formulaire : le menu « Organisateur enregistré » montre son choix en entier', async ({ page, signIn }) => {
    await signIn();
    await page.goto('/organizer/submit-event');
    const select = page.getByLabel('Organisateur enregistré');
    await expect(select).toHaveValue('nouveau');
    const fit = await select.evaluate((el: HTMLSelectElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.selectedOptions[0].text).width;
      // Chromium's arrow takes about 20 px on the right of a drop-down.
      const room = el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20;
      return { text: Math.ceil(text), room: Math.floor(room), right: el.getBoundingClientRect().right };
    });
    expect(fit.text, 'largeur du choix affiché').toBeLessThanOrEqual(fit.room);
    expect(fit.right).toBeLessThanOrEqual(390);
  });

  test('la barre du bas de la fiche : sa date sur une ligne, à côté de son action', async ({ page, createEvent }) => {
    // An evening of one day (« mar. 8 déc. · 19:30 »): three lines beside « Ajouter au calendrier » before issue 70.
    const evening = await createEvent({ ticketUrl: '' });
    await page.goto(`/evenement/${evening.id}`);
    await dismissCookies(page);
    const bar = page.getByTestId('event-bar');
    await expect(bar.getByRole('link', { name: 'Ajouter au calendrier' })).toBeVisible();
    expect(await lines(bar.locator('time')), `lignes de « ${await bar.locator('time').innerText()} »`).toBe(1);
    expect(await clippedTexts(page)).toEqual([]);
  });

  test('le menu : la case « Menu » est là où est le burger, à sa taille', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('checkbox', { name: 'Menu' });
    const [box, burger] = [await toggle.boundingBox(), await page.getByTestId('burger').boundingBox()];
    expect(box?.width ?? 0, 'largeur de la case').toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0, 'hauteur de la case').toBeGreaterThanOrEqual(44);
    // Over the burger: the same box, within a pixel.
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs((box?.[side] ?? 0) - (burger?.[side] ?? 99)), side).toBeLessThanOrEqual(1);
    // Entirely on the screen (issue 19 §8).
    expect((burger?.x ?? 0) + (burger?.width ?? 0)).toBeLessThanOrEqual(390);
    // A tap lands on the burger (the label above the case), which opens the menu.
    await page.getByTestId('burger').click();
    await expect(toggle).toBeChecked();
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
  });

  test('avec JavaScript, la case « Menu » dit si le menu est ouvert @js-only', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('checkbox', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.getByTestId('burger').click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('la carte : un groupe d’événements se nomme « N événements » @js-only', async ({ page, createEvent }) => {
    // Three events at the same place: a cluster, whatever else the map holds.
    for (let i = 0; i < 3; i++) await createEvent({ lat: 46.2044, lng: 6.1432 });
    await page.goto('/evenements?vue=carte');
    await expect(page.getByRole('button', { name: /^\d+ événements$/ }).first()).toBeVisible();
    await expect(page.locator('.marker-cluster').first()).toHaveAccessibleName(/^\d+ événements$/);
  });

  test('la modération : « Publiés » et son nombre séparés, à l’œil et à l’oreille @once', async ({ page, signIn }) => {
    await signIn({ role: 'admin' });
    await page.goto('/admin/events');
    const tab = page.getByRole('navigation', { name: 'Statut' }).getByRole('link', { name: /^Publiés\s*,\s*\d+$/ });
    await expect(tab).toBeVisible();
    const gap = await tab.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link.firstChild as Node);
      const count = link.querySelector('.moderation-tab__count') as HTMLElement;
      return count.getBoundingClientRect().left - range.getBoundingClientRect().right;
    });
    expect(gap, 'espace entre « Publiés » et son nombre').toBeGreaterThanOrEqual(4);
  });
});
