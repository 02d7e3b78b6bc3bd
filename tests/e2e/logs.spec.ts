// The security log (issue 10): logins, logouts and refused access are logged with who, what and when (UTC), and
// no password, session cookie or token ever reaches the server's output. Uses a server of its own to read its log.
import { expect, test } from '@playwright/test';
import { newestMailTo, type OwnServer, startOwnServer } from './own-server';
import { logout } from './utils';

interface AuditLine {
  at: string;
  log: 'audit';
  event: string;
  uid?: string;
  email?: string;
  path?: string;
  reason?: string;
}

const auditLines = (log: string): AuditLine[] =>
  log
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as AuditLine)
    .filter((l) => l.log === 'audit');

// @sqlite-only: the log is written by the server's own code whatever the backend; it is read on a server of its own on
// SQLite (on Firestore it would need the emulators' settings and add nothing).
test.describe('journal de sécurité @js-only @sqlite-only', () => {
  // Starting a server of its own takes a while on a busy machine.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: OwnServer;

  test.beforeAll(async () => {
    server = await startOwnServer({ portOffset: 61, log: true, env: { WEB_CONCURRENCY: '1' } });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('connexions, refus et déconnexion sont journalisés ; aucun secret dans les journaux', async ({ page }) => {
    const { base } = server;
    const email = `journal-${Date.now().toString(36)}@exemple.ch`;
    const first = 'Une phrase secrète de Porrentruy';
    const wrong = 'Un essai raté depuis Delémont';
    const second = 'Le nouveau secret de Moutier';

    await page.goto(`${base}/auth/register`);
    await page.getByLabel('Votre nom ou celui de votre organisation').fill('Journal de test');
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(first);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(`${base}/auth/login?redirect=%2Fdashboard`);
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(first);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    const sessionCookies = (await page.context().cookies()).map((c) => c.value);
    // The mail leaves from the jobs worker (decision 060): seconds, more on a busy machine.
    await expect.poll(() => newestMailTo(server.dataDir, email), { timeout: 30_000 }).toContain('verify-email?token=');
    const verifyLink =
      newestMailTo(server.dataDir, email)?.match(/https?:\/\/\S*verify-email\?token=[\w-]+/)?.[0] ?? '';
    const verifyToken = new URL(verifyLink).searchParams.get('token') ?? '';
    expect(verifyToken.length).toBeGreaterThan(10);
    await page.goto(`${base}/auth/verify-email?token=${verifyToken}`);

    // A denied admin page, then out.
    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(`${base}/`);
    await logout(page);

    // A wrong password, then the forgotten-password link.
    await page.goto(`${base}/auth/login`);
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(wrong);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
    await page.goto(`${base}/auth/forgot-password`);
    await page.getByLabel('Adresse email').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect
      .poll(() => newestMailTo(server.dataDir, email), { timeout: 30_000 })
      .toContain('reset-password?token=');
    const resetToken =
      newestMailTo(server.dataDir, email)?.match(/reset-password\?token=([\w-]+)/)?.[1] ?? 'jeton introuvable';
    await page.goto(`${base}/auth/reset-password?token=${resetToken}`);
    await page.getByLabel('Nouveau mot de passe').fill(second);
    await page.getByLabel('Confirmez le mot de passe').fill(second);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page).toHaveURL(`${base}/auth/login`);
    await page.getByLabel('Adresse email').fill(email);
    await page.getByLabel('Mot de passe').fill(second);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    const loggedInCookies = (await page.context().cookies()).map((c) => c.value);

    // A cross-site form post.
    const crossSite = await fetch(`${base}/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);

    await expect.poll(() => auditLines(server.log()).some((l) => l.event === 'login.success')).toBe(true);
    const log = server.log();
    const lines = auditLines(log);
    const uid = lines.find((l) => l.event === 'login.success')?.uid;
    expect(uid).toBeTruthy();
    for (const line of lines) expect(line.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'access.denied', uid, path: '/admin', reason: 'role' }),
        expect.objectContaining({ event: 'logout', uid }),
        expect.objectContaining({ event: 'login.failure', email, path: '/auth/login' }),
        expect.objectContaining({ event: 'login.success', email, uid }),
        expect.objectContaining({ event: 'access.denied', path: '/auth/logout', reason: 'origin' }),
      ]),
    );
    // The access log still shows the pages, with their tokens masked.
    expect(log).toContain('/auth/reset-password?token=[masqué]');
    for (const secret of [first, wrong, second, verifyToken, resetToken, ...sessionCookies, ...loggedInCookies]) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log, 'un secret apparaît dans le journal').not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  test('une adresse mal encodée (un « % » isolé) : 400 en français et une seule ligne au journal, sans pile', async () => {
    const { base } = server;
    for (const path of ['/%E0%A4%A', '/evenements/%', '/evenement/%zz']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('Adresse invalide');
      // Read on a phone at its width, not laid out 980 px wide.
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    }
    await expect.poll(() => server.log().match(/chemin mal encodé refusé/g)?.length ?? 0).toBe(3);
    expect(server.log()).not.toContain('URIError');
    expect(server.log()).not.toMatch(/\n\s+at .*node_modules\/express/);
  });
});
