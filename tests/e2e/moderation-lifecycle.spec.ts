// The event lifecycle as people meet it (issue 16, decision 029): cancelling asks first and can be undone, a pending
// event cancelled never becomes public, an edit of a published event waits for an admin while the public keeps the
// approved version, admins take down and delete any event. With and without JavaScript.
import type { Browser, Page } from '@playwright/test';
import { expect, type Ports, test } from './fixtures';
import { approveInModeration, submitEvent } from './utils';

const statusOf = async ({ store }: Ports, id: string) => {
  const event = await store.events.findById(id);
  return event && { status: event.status, previousStatus: event.previousStatus };
};

async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { page: await context.newPage(), close: () => context.close() };
}

/** « Annuler l’événement » then « Oui » in the dialog (JavaScript) or on the confirmation step (without). */
async function cancelFromDashboard(page: Page, id: string, js: boolean) {
  await page.goto('/dashboard');
  const trigger = page.getByTestId(`event-${id}`).getByRole('link', { name: 'Annuler l’événement' });
  await trigger.click();
  if (js) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toContainText('Annuler');
    // Focus starts on « Non », Escape closes, focus comes back to the button.
    await expect(dialog.getByRole('button', { name: 'Non, revenir' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, annuler l’événement' }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?annuler=${id}$`));
    const panel = page.getByTestId('confirm-panel');
    await expect(panel.getByRole('heading')).toContainText('Annuler');
    await panel.getByRole('button', { name: 'Oui, annuler l’événement' }).click();
  }
}

test.describe('cycle de vie d’un événement', () => {
  test('annuler un événement en attente le retire sans le publier, et l’organisateur le rétablit @journey', async ({
    page,
    browser,
    ports,
    signIn,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    // A new account that has not verified its address yet, as right after registering.
    await signIn({ displayName: 'Chorale du Vallon', verified: false });
    const title = `Veillée retirée ${Date.now().toString(36)}`;
    const id = await submitEvent(page, title);

    await cancelFromDashboard(page, id, js);
    await expect(page.getByTestId('flash')).toContainText(`« ${title} » est retiré`);
    await expect(page.getByRole('heading', { name: /Retirés avant publication/ })).toBeVisible();
    expect(await statusOf(ports, id)).toEqual({ status: 'withdrawn', previousStatus: 'pending' });

    // Nowhere public: not in the list, not searchable, its page is a 404.
    const anonymous = await visitor(browser, js);
    await anonymous.page.goto(`/evenements?q=${encodeURIComponent(title)}`);
    await expect(anonymous.page.getByText('Aucun événement ne correspond à votre recherche')).toBeVisible();
    await expect(anonymous.page.locator(`a[href="/evenement/${id}"]`)).toHaveCount(0);
    expect((await anonymous.page.goto(`/evenement/${id}`))?.status()).toBe(404);
    // Nor in the sitemap's files (decision 159: /sitemap.xml is their index).
    const index = await (await anonymous.page.request.get('/sitemap.xml')).text();
    for (const [, file] of index.matchAll(/<loc>[^<]*(\/sitemap-[^<]+)<\/loc>/g))
      expect(await (await anonymous.page.request.get(file.replace(/&amp;/g, '&'))).text()).not.toContain(id);
    await anonymous.close();

    // « Rétablir » in the message: back in the queue, still not public.
    await page.getByTestId('flash').getByRole('button', { name: 'Rétablir' }).click();
    await expect(page.getByTestId('flash')).toContainText('revient en attente de modération');
    await expect(page.getByRole('heading', { name: /En attente de modération/ })).toBeVisible();
    expect(await statusOf(ports, id)).toEqual({ status: 'pending', previousStatus: null });
  });

  test('modifier un événement publié : le public garde l’ancien titre jusqu’à l’approbation de l’admin @journey', async ({
    page,
    browser,
    people,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    await people.signIn();
    const title = `Récital publié ${Date.now().toString(36)}`;
    const id = await submitEvent(page, title);
    const admin = await people.pageAs(await people.createUser({ role: 'admin' }), { javaScriptEnabled: js });
    await approveInModeration(admin, id);

    await page.goto(`/organizer/edit-event/${id}`);
    await expect(page.getByTestId('edit-note')).toContainText('qui reste visible d’ici là');
    const renamed = `${title} (nouvel horaire)`;
    await page.getByLabel('Titre', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    // The same test of the other project published a similar event at the same place and time.
    const duplicate = page.getByLabel('Ce n’est pas un doublon : publier quand même');
    await expect(page.getByTestId('confirmation-status').or(duplicate)).toBeVisible();
    if (await duplicate.isVisible()) {
      await duplicate.check();
      await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    }
    await expect(page.getByTestId('confirmation-status')).toContainText('modification en attente de modération');
    await page.goto('/dashboard');
    await expect(page.getByTestId(`event-${id}`)).toContainText(renamed);
    await expect(page.getByTestId(`event-${id}`).getByTestId('revision-note')).toBeVisible();

    const anonymous = await visitor(browser, js);
    await anonymous.page.goto(`/evenement/${id}`);
    await expect(anonymous.page.getByRole('heading', { level: 1 })).toHaveText(title);
    // Its new words find nothing: the public search knows the approved version only.
    await anonymous.page.goto(`/evenements?q=${encodeURIComponent(`${title} nouvel horaire`)}`);
    await expect(anonymous.page.locator(`a[href="/evenement/${id}"]`)).toHaveCount(0);

    // The admin sees what changes, approves, and the public sees the new title.
    await admin.goto('/admin/events');
    await admin.getByTestId(`moderation-item-${id}`).click();
    const detail = admin.getByTestId('moderation-detail');
    await expect(detail.getByTestId('moderation-revision')).toContainText(renamed);
    await expect(detail.getByTestId('moderation-revision')).toContainText(title);
    await detail.getByRole('button', { name: 'Approuver la modification' }).click();
    await expect(admin.getByTestId('flash')).toContainText('La modification de');
    await anonymous.page.goto(`/evenement/${id}`);
    await expect(anonymous.page.getByRole('heading', { level: 1 })).toHaveText(renamed);
    await anonymous.close();
    await admin.context().close();
  });

  test('un admin retire un événement annulé des pages publiques, puis le supprime après confirmation @journey', async ({
    page,
    browser,
    ports,
    people,
  }, testInfo) => {
    const js = testInfo.project.name === 'js';
    await people.signIn();
    const title = `Marché annulé ${Date.now().toString(36)}`;
    const id = await submitEvent(page, title);
    const admin = await people.pageAs(await people.createUser({ role: 'admin' }), { javaScriptEnabled: js });
    await approveInModeration(admin, id);
    await cancelFromDashboard(page, id, js);
    await expect(page.getByTestId('flash')).toContainText('reste visible avec la mention « Annulé »');

    // Listed as cancelled, the admin takes it down from the « Annulés » tab.
    await admin.goto('/admin/events?status=cancelled');
    await admin.getByTestId(`moderation-item-${id}`).click();
    await admin.getByRole('button', { name: 'Dépublier (remettre en attente)' }).click();
    await expect(admin.getByTestId('flash')).toContainText('est dépublié');
    expect((await statusOf(ports, id))?.status).toBe('pending');
    const anonymous = await visitor(browser, js);
    expect((await anonymous.page.goto(`/evenement/${id}`))?.status()).toBe(404);
    await anonymous.close();

    // Then deletes it, after saying yes.
    await admin.goto(`/admin/events?eventId=${id}`);
    const detail = admin.getByTestId('moderation-detail');
    await detail.getByRole('link', { name: 'Supprimer' }).click();
    const confirm = js ? admin.getByRole('dialog') : admin.getByTestId('confirm-panel');
    await expect(confirm).toContainText('C’est définitif');
    await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
    await expect(admin.getByTestId('flash')).toContainText(`« ${title} » est supprimé`);
    expect(await ports.store.events.findById(id)).toBeNull();
    // Its decisions stay in the moderation log, the deletion last.
    expect((await ports.store.events.moderationHistory(id)).map((entry) => entry.action).reverse()).toEqual([
      'approve',
      'unpublish',
      'delete',
    ]);
    await admin.context().close();
  });
});
