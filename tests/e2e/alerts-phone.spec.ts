// An email alert on a 390×844 phone (issue 33), with and without JavaScript: its page is drawn like the rest of the
// site (choices without the browser's frame, rows of at least 44 px, « Me désabonner » apart and plainly not
// « Enregistrer »), and a « Ce week-end » selection is never offered « Chaque matin ».
import crypto from 'node:crypto';
import { hashAlertToken } from '../../app/.server/alerts/alerts';
import { expect, type Ports, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** A confirmed alert of its own address on `filter`, and the token of its links. */
async function activeAlert(ports: Ports, filter: string, rhythm: 'daily' | 'weekly') {
  const token = crypto.randomBytes(32).toString('base64url');
  const id = `telephone-${crypto.randomBytes(6).toString('hex')}`;
  const now = new Date().toISOString();
  await ports.store.alerts.request({
    id,
    email: `${id}@exemple.ch`,
    filter,
    rhythm,
    tokenHash: hashAlertToken(token),
    now,
  });
  await ports.store.alerts.confirm(hashAlertToken(token), now, new Date(0).toISOString());
  return { token, email: `${id}@exemple.ch` };
}

test.describe('une alerte par email sur un téléphone', () => {
  test('sa page : des choix de 44 px sans cadre, « Me désabonner » à part, autrement que « Enregistrer » @once', async ({
    page,
    ports,
  }) => {
    const { token } = await activeAlert(ports, 'canton=VD', 'daily');
    await page.goto(`/alertes/gerer/${token}`);
    const group = page.getByRole('group', { name: 'Quand recevoir les nouveaux événements\u202f?' });
    expect(await group.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
    for (const name of ['Chaque matin', 'Chaque jeudi, pour le week-end']) {
      const row = group.locator('label').filter({ hasText: name });
      expect((await row.boundingBox())?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    const save = page.getByRole('button', { name: 'Enregistrer' });
    const leave = page.getByRole('button', { name: 'Me désabonner' });
    const look = (button: typeof save) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, color: style.color, height: el.getBoundingClientRect().height };
      });
    const [saved, left] = [await look(save), await look(leave)];
    expect(left.background).not.toBe(saved.background);
    expect(left.color).toBe('rgb(176, 0, 32)');
    expect(saved.height).toBeGreaterThanOrEqual(44);
    expect(left.height).toBeGreaterThanOrEqual(44);
    // Apart, under its own heading.
    await expect(page.getByRole('region', { name: 'Ne plus recevoir cette alerte' })).toContainText('Me désabonner');
  });

  test('sous la liste, sur un téléphone de 360 px : chaque rythme se lit en entier, sur une ligne de 44 px, « week-end » d’un seul tenant', async ({
    page,
  }) => {
    // A drop-down showed « Chaque jeudi, pour le week- » at this width.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/evenements?canton=VD');
    const group = page
      .getByTestId('alert-subscribe')
      .getByRole('group', { name: 'Quand recevoir les nouveaux événements\u202f?' });
    await expect(group.getByRole('radio', { name: 'Chaque jeudi, pour le week-end' })).toBeChecked();
    for (const name of ['Chaque jeudi, pour le week-end', 'Chaque matin']) {
      const row = group.locator('label').filter({ hasText: name });
      const fits = await row.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= 360,
      );
      expect(fits, name).toBe(true);
      expect((await row.boundingBox())?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    // The first wraps before « week-end », never at its hyphen (« pour le week- / end »).
    const weekend = group.locator('label').filter({ hasText: 'week-end' }).getByText('week-end', { exact: true });
    const placed = await weekend.evaluate((el) => {
      const start = document.createRange();
      const label = el.closest('label') as HTMLLabelElement;
      const text = [...label.querySelectorAll('span')].find((s) => s.textContent?.startsWith('Chaque')) as HTMLElement;
      start.setStart(text.firstChild as Node, 0);
      start.setEnd(text.firstChild as Node, 1);
      const [word, first] = [el.getBoundingClientRect(), start.getBoundingClientRect()];
      // On the first line, or at the start of the next one: read as one sentence.
      return {
        rects: el.getClientRects().length,
        inFlow: word.top === first.top || Math.abs(word.left - first.left) < 1,
      };
    });
    expect(placed).toEqual({ rects: 1, inFlow: true });
  });

  test('« Ce week-end » : ni la liste ni la page de l’alerte ne proposent « Chaque matin »', async ({
    page,
    ports,
  }) => {
    await page.goto('/evenements?quand=week-end');
    const block = page.getByTestId('alert-subscribe');
    await expect(block).toContainText('Quand\u00a0: chaque jeudi, pour le week-end');
    await expect(block.getByRole('radio')).toHaveCount(0);
    await expect(block.getByText('Chaque matin')).toHaveCount(0);

    const { token, email } = await activeAlert(ports, 'quand=week-end', 'weekly');
    await page.goto(`/alertes/gerer/${token}`);
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect(page.getByText('Quand\u00a0: chaque jeudi, pour le week-end.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Me désabonner' })).toBeVisible();
    expect((await ports.store.alerts.listByEmail(email)).map((a) => a.rhythm)).toEqual(['weekly']);
  });

  test('refusée depuis le bas de la liste : la page du refus s’ouvre sur le résumé, l’adresse tapée gardée', async ({
    page,
  }) => {
    await page.goto('/evenements?category=musique');
    const block = page.getByTestId('alert-subscribe');
    await block.getByLabel('Votre adresse email').fill('marie@');
    const send = block.getByRole('button', { name: 'Recevoir l’alerte' });
    await send.scrollIntoViewIfNeeded();
    await send.click();
    await expect(page).toHaveURL(/\/alertes\/nouvelle$/);
    // Not the footer of a page still scrolled as the long list was: the summary, focused and in view.
    const summary = page.getByRole('alert').filter({ hasText: 'L’alerte n’a pas été créée' });
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await expect(page.getByLabel('Votre adresse email')).toHaveValue('marie@');
  });
});
