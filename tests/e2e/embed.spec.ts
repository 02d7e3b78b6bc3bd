// The agenda on a partner's site (issue 22, decision 047): the web component and the iframe in a page served from
// another local origin, with and without matching events, and the configurator's snippet pasted into such a page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { unique } from './utils';

/** A partner's site on another origin, serving the HTML given for `/`. */
async function partnerSite(html: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

const page = (body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Commune</title></head><body style="font-family:Georgia">${body}</body></html>`;

test.describe('l’agenda sur le site d’un partenaire', () => {
  test('le composant web montre seulement les événements publiés de la sélection, ou dit qu’il n’y en a pas @js-only', async ({
    page: browser,
    baseURL,
    createEvent,
  }) => {
    const word = unique('Zéphyrine').replace(/\s+/g, '');
    const shown = await createEvent({ title: `Récital ${word}`, canton: 'NE', status: 'approved' });
    await createEvent({ title: `Atelier ${word}`, canton: 'NE', status: 'pending' });
    await createEvent({ title: `Conférence ${word}`, canton: 'GE', status: 'approved' });
    const site = await partnerSite(
      page(`<h1>Nos événements</h1>
<script src="${baseURL}/widget.js" defer></script>
<agenda-romand categorie="ateliers-cours" canton="ne" recherche="${word}" limite="5"></agenda-romand>
<agenda-romand id="vide" categorie="ateliers-cours" canton="NE" recherche="${word}rien"></agenda-romand>`),
    );
    try {
      await browser.goto(site.url);
      const widget = browser.locator('agenda-romand').first();
      await expect(widget.getByRole('list', { name: 'Événements · Agenda romand' }).getByRole('listitem')).toHaveCount(
        1,
      );
      const link = widget.getByRole('link', { name: `Récital ${word}` });
      await expect(link).toHaveAttribute('href', `${baseURL}/evenement/${shown.id}`);
      await expect(widget.getByRole('link', { name: 'Voir tout l’agenda' })).toBeVisible();
      // The host page's font, not ours.
      expect(await link.evaluate((a) => getComputedStyle(a).fontFamily)).toBe('Georgia');
      await expect(browser.locator('#vide')).toContainText('Aucun événement à venir pour cette sélection.');
      // No cookie of ours on the partner's page.
      expect(await browser.context().cookies(baseURL)).toEqual([]);
    } finally {
      site.close();
    }
  });

  test('l’iframe montre la même sélection, sans script @once', async ({ page: browser, baseURL, createEvent }) => {
    const word = unique('Zéphyrine').replace(/\s+/g, '');
    const shown = await createEvent({ title: `Récital ${word}`, canton: 'NE', status: 'approved' });
    await createEvent({ title: `Atelier ${word}`, canton: 'NE', status: 'pending' });
    const query = `categorie=ateliers-cours&canton=NE&recherche=${word}`;
    const site = await partnerSite(
      page(`<iframe id="plein" title="Agenda" src="${baseURL}/integrer?${query}"></iframe>
<iframe id="vide" title="Agenda vide" src="${baseURL}/integrer?${query}rien"></iframe>`),
    );
    try {
      await browser.goto(site.url);
      const frame = browser.frameLocator('#plein');
      await expect(frame.getByRole('listitem')).toHaveCount(1);
      await expect(frame.getByRole('link', { name: `Récital ${word}` })).toHaveAttribute(
        'href',
        `${baseURL}/evenement/${shown.id}`,
      );
      await expect(browser.frameLocator('#vide').locator('main')).toHaveText(
        'Aucun événement à venir pour cette sélection.',
      );
    } finally {
      site.close();
    }
  });

  test('le configurateur donne un code qui marche, collé tel quel sur un autre site @js-only', async ({
    page: browser,
    createEvent,
  }) => {
    const word = unique('Zéphyrine').replace(/\s+/g, '');
    await createEvent({ title: `Récital ${word}`, canton: 'NE', status: 'approved' });
    await browser.goto('/developpeurs');
    await browser.getByRole('link', { name: 'configurateur' }).click();
    await expect(browser.getByRole('heading', { level: 1 })).toHaveText('Intégrer l’agenda sur votre site');
    const form = browser.locator('main form');
    await form.getByLabel('Catégorie').selectOption('ateliers-cours');
    await form.getByLabel('Canton').selectOption('NE');
    await form.getByLabel(/Texte recherché/).fill(word);
    await browser.getByRole('button', { name: 'Voir l’aperçu et le code' }).click();
    await expect(browser.frameLocator('iframe').getByRole('link', { name: `Récital ${word}` })).toBeVisible();
    for (const id of ['snippet-component', 'snippet-iframe']) {
      const snippet = await browser.getByTestId(id).inputValue();
      const site = await partnerSite(page(snippet));
      try {
        const other = await browser.context().newPage();
        await other.goto(site.url);
        const where = id === 'snippet-iframe' ? other.frameLocator('iframe') : other.locator('agenda-romand');
        await expect(where.getByRole('link', { name: `Récital ${word}` }), id).toBeVisible();
        await other.close();
      } finally {
        site.close();
      }
    }
  });
});
