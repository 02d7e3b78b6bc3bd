// Email alerts without an account (issue 22, decision 048): subscribe on a filtered list, confirm by the mail's link,
// a matching event approved, the digest job run through its endpoint, one digest, nothing more on a second run, the
// rhythm changed on the manage page of the mail's link, and the one-click unsubscribe of RFC 8058 (a POST without
// cookies) that ends it. With and without JavaScript.
import { request as playwrightRequest } from '@playwright/test';
import { addDaysToDate, zurichIso } from '../../app/domain/dates';
import { expect, test } from './fixtures';
import { approveInModeration, lastMailTo, mailsTo, runDigestsUntil, runJob } from './utils';

const digestsTo = (address: string) => mailsTo(address).filter((m) => m.includes('correspond à votre alerte'));

test.describe('alertes par email', () => {
  test('s’abonner, confirmer, recevoir une fois le nouvel événement, se désabonner en un clic @journey', async ({
    page,
    request,
    ports,
    people,
    createEvent,
  }) => {
    const word = `alerte${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const address = `${word}@example.ch`;

    // A visitor on a filtered list asks for the alert: no cookie, and the same answer whatever the address has.
    const list = await page.goto(`/evenements?q=${word}`);
    expect(list?.headers()['set-cookie']).toBeUndefined();
    const block = page.getByTestId('alert-subscribe');
    await expect(block.getByRole('heading', { name: 'Recevoir ces événements par email' })).toBeVisible();
    await expect(block).toContainText(`«\u00a0${word}\u00a0»`);
    await block.getByLabel('Votre adresse email').fill('pas-une-adresse');
    await block.getByRole('button', { name: 'Recevoir l’alerte' }).click();
    await expect(page.getByText('Cette adresse email n’est pas valide').first()).toBeVisible();
    expect(await ports.store.alerts.listByEmail(address)).toEqual([]);
    const form = page.getByTestId('alert-subscribe');
    await form.getByLabel('Votre adresse email').fill(address);
    await form.getByRole('radio', { name: 'Chaque matin' }).check();
    await form.getByRole('button', { name: 'Recevoir l’alerte' }).click();
    await expect(page.getByTestId('alert-requested')).toContainText('Vérifiez votre boîte email');

    // Nothing is sent before the confirmation; the mail's link confirms it.
    await expect.poll(() => lastMailTo(address)).toContain('/alertes/confirmer/');
    const confirmUrl = /https?:\/\/\S+\/alertes\/confirmer\/[\w-]+/.exec(lastMailTo(address) ?? '')?.[0] ?? '';
    await page.goto(new URL(confirmUrl).pathname);
    await page.getByRole('button', { name: 'Confirmer mon alerte' }).click();
    await expect(page.getByTestId('alert-confirmed')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(word) })).toBeVisible();

    // An organizer's two events match; an admin approves one, the other stays pending.
    const organizer = await people.createUser();
    const approved = await createEvent({ title: `Concert ${word}`, status: 'pending', createdBy: organizer.uid });
    await createEvent({ title: `Répétition ${word}`, status: 'pending', createdBy: organizer.uid });
    const adminPage = await people.pageAs(await people.createUser({ role: 'admin' }));
    await approveInModeration(adminPage, approved.id);

    // The job, as Cloud Scheduler calls it, on the next morning: one digest with the approved event only.
    const morning = await runDigestsUntil(request, () => digestsTo(address).length);
    expect(digestsTo(address)).toHaveLength(1);
    const [digest] = digestsTo(address);
    expect(digest).toContain(`Concert ${word}`);
    expect(digest).not.toContain(`Répétition ${word}`);
    expect(digest).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(digest).toMatch(/List-Unsubscribe:\s*<https?:\/\/[^>]+\/alertes\/desabonner\/[\w-]+>/);

    // A second run, the same morning or the next, sends nothing.
    for (const at of [morning, zurichIso(addDaysToDate(morning.slice(0, 10), 1), '07:30')]) {
      await runJob(request, 'alertes', at);
    }
    expect(digestsTo(address)).toHaveLength(1);

    // The digest's « Gérer mon alerte » link: from each morning to each Thursday, confirmed and kept.
    const manageUrl = /https?:\/\/\S+\/alertes\/gerer\/[\w-]+/.exec(digest)?.[0] ?? '';
    await page.goto(new URL(manageUrl).pathname);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon alerte' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Chaque matin' })).toBeChecked();
    await page.getByRole('radio', { name: 'Chaque jeudi, pour le week-end' }).check();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('status')).toHaveText('Le rythme de votre alerte est enregistré.');
    await page.goto(new URL(manageUrl).pathname);
    await expect(page.getByRole('radio', { name: 'Chaque jeudi, pour le week-end' })).toBeChecked();
    expect((await ports.store.alerts.listByEmail(address)).map((a) => a.rhythm)).toEqual(['weekly']);

    // One-click unsubscribe: a POST without cookies nor form token, as a mail client sends it.
    const unsubscribeUrl = /List-Unsubscribe:\s*<([^>]+)>/.exec(digest)?.[1] ?? '';
    const mailClient = await playwrightRequest.newContext();
    const answer = await mailClient.post(unsubscribeUrl, {
      form: { 'List-Unsubscribe': 'One-Click' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(200);
    await mailClient.dispose();
    expect(await ports.store.alerts.listByEmail(address)).toEqual([]);
    await page.goto(new URL(unsubscribeUrl).pathname);
    await expect(page.getByText('Ce lien n’est plus valable')).toBeVisible();
  });

  test('le profil montre les alertes de son adresse et permet de s’en désabonner', async ({
    page,
    ports,
    createUser,
    loginAs,
  }) => {
    const user = await createUser();
    const other = `autre${Date.now().toString(36)}@example.ch`;
    const ask = (email: string, id: string) =>
      ports.store.alerts.request({
        id,
        email,
        filter: 'canton=VD&gratuit=1',
        rhythm: 'weekly',
        tokenHash: `hash-${id}`,
        now: new Date().toISOString(),
      });
    const mine = `profil-${user.uid}`;
    await ask(user.email.toLowerCase(), mine);
    await ask(other, `autre-${user.uid}`);
    await loginAs(page, user);
    await page.goto('/organizer/profile');
    const section = page.getByTestId('profile-alerts');
    await expect(section.getByRole('listitem')).toHaveCount(1);
    await expect(section).toContainText('Vaud · gratuit');
    await expect(section).toContainText('Chaque jeudi, pour le week-end');
    await section.getByRole('button', { name: 'Me désabonner' }).click();
    await expect(page.getByTestId('flash')).toContainText('Alerte supprimée');
    await expect(page.getByTestId('profile-alerts').getByRole('listitem')).toHaveCount(0);
    expect(await ports.store.alerts.listByEmail(user.email.toLowerCase())).toEqual([]);
    expect(await ports.store.alerts.listByEmail(other)).toHaveLength(1);
    await ports.store.alerts.delete(`autre-${user.uid}`);
  });
});
