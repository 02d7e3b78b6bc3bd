// What the person who runs the site sees (issue 32, decision 062): one server per DATA_DIR, a French sentence instead
// of a stack trace when the start cannot go on, a clean stop that leaves the whole site in the database file, and a
// French 503 that gives back what was typed when the database cannot write. Servers of their own, on SQLite.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { type OwnServer, startOwnServer } from './own-server';

/** Starts a server that is expected to refuse to start: its exit code and what it printed. */
async function failedStart(dataDir: string, portOffset: number, env: Record<string, string> = {}) {
  const child = spawn('node', ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(Number(process.env.E2E_PORT ?? 3100) + portOffset),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DATA_BACKEND: 'sqlite',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, 90_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-operations-'));

test.describe('exploitation : démarrage et arrêt @js-only @sqlite-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test('un second serveur sur le même DATA_DIR est refusé, en français', async () => {
    const first = await startOwnServer({ portOffset: 63, env: { WEB_CONCURRENCY: '1' } });
    try {
      const second = await failedStart(first.dataDir, 64);
      expect(second.code).toBe(1);
      expect(second.output).toContain(
        `Démarrage impossible : un autre serveur Agenda romand utilise déjà DATA_DIR (${first.dataDir})`,
      );
      // The first one goes on serving.
      expect((await fetch(`${first.base}/healthz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  });

  test('une base à l’en-tête cassé, un disque plein ou un réglage refusé arrêtent le démarrage sur une phrase, sans trace de SQLite ni de Zod', async () => {
    const broken = tempDir();
    const file = path.join(broken, 'agenda.sqlite');
    fs.writeFileSync(file, Buffer.alloc(8192, 0x41));
    const header = await failedStart(broken, 65);
    expect(header.code).toBe(1);
    expect(header.output).toContain(`Démarrage impossible : la base de données ${file} est illisible`);
    expect(header.output).not.toMatch(/SqliteError|at Database/);
    // A start that never served takes back the session secret it created (issue 46).
    expect(fs.readdirSync(broken)).not.toContain('.session-secret');
    fs.rmSync(broken, { recursive: true, force: true });

    const full = tempDir();
    const disk = await failedStart(full, 65, { MIN_FREE_DISK_MB: '999999' });
    expect(disk.code).toBe(1);
    expect(disk.output).toMatch(/Démarrage impossible : il ne reste que \d+ Mo sur le disque de DATA_DIR/);
    expect(fs.readdirSync(full)).not.toContain('.session-secret');
    fs.rmSync(full, { recursive: true, force: true });

    // A refused setting: the supervision reads only its own settings (without Zod), the process that prepares the data
    // reads them all and says which one; a first start that never served leaves no DATA_DIR behind.
    const parent = tempDir();
    const fresh = path.join(parent, 'donnees');
    const refused = await failedStart(fresh, 65, { WEB_CONCURRENCY: 'trois' });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Configuration invalide');
    expect(refused.output).toContain('WEB_CONCURRENCY');
    expect(refused.output).not.toMatch(/ZodError|at Object/);
    expect(fs.existsSync(fresh)).toBe(false);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  test('un arrêt propre laisse tout le site dans le fichier de la base, sans journal à côté', async () => {
    const own = await startOwnServer({ portOffset: 66, env: { SEED_DEMO: 'true' } });
    const file = path.join(own.dataDir, 'agenda.sqlite');
    const exited = new Promise((resolve) => own.child.once('exit', resolve));
    own.child.kill('SIGTERM');
    await exited;
    const wal = `${file}-wal`;
    expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
    // The file alone, copied elsewhere, holds the demo site.
    const copy = path.join(tempDir(), 'copie.sqlite');
    fs.copyFileSync(file, copy);
    const db = new Database(copy, { readonly: true });
    expect((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n).toBeGreaterThan(50);
    db.close();
    await own.stop();
  });

  test('arrêté comme le fait systemd (SIGTERM à tous ses processus à la fois), il finit la requête en cours', async () => {
    const own = await startOwnServer({ portOffset: 66, env: { WEB_CONCURRENCY: '2' } });
    const primary = own.child.pid as number;
    const tree = [primary];
    for (let i = 0; i < tree.length; i++) {
      const children = fs.readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8').trim();
      if (children) tree.push(...children.split(/\s+/).map(Number));
    }
    expect(tree.length).toBeGreaterThan(2);
    // A request whose body is still arriving when the stop comes (a slow phone on an upload).
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(`${own.base}/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '40' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('nom=Ada&message=');
      setTimeout(() => {
        // Every process hears it; the primary, which forwards it to its workers, a moment later than they do (the order
        // of one `kill` to a process group is the kernel's): each worker hears it twice.
        for (const pid of tree.slice(1)) process.kill(pid, 'SIGTERM');
        setTimeout(() => process.kill(primary, 'SIGTERM'), 200);
        setTimeout(() => req.end('Bonjour%20la%20salle%20!'), 600);
      }, 300);
    });
    const exited = new Promise<number | null>((resolve) => own.child.once('exit', (code) => resolve(code)));
    // An answer (the form refused without its token), not a connection cut by a worker killed in its clean stop.
    expect(await answer).toBeGreaterThanOrEqual(200);
    expect(await exited).toBe(0);
    await own.stop();
  });

  test('après SIGTERM, une connexion gardée ouverte n’est plus servie : la réponse en cours dit Connection: close', async () => {
    const own = await startOwnServer({ portOffset: 66, env: { WEB_CONCURRENCY: '1' } });
    // A proxy's or a browser's pool: one connection, kept open and reused.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    type Answer = { status: number; connection: string | undefined; reused: boolean };
    const send = (method: string, path: string, whileSending?: (req: http.ClientRequest) => void) =>
      new Promise<Answer>((resolve, reject) => {
        const headers =
          method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '40' } : {};
        const req = http.request(`${own.base}${path}`, { method, agent, headers }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }),
          );
        });
        req.on('error', reject);
        if (whileSending) whileSending(req);
        else req.end();
      });
    try {
      expect(await send('GET', '/healthz')).toEqual({ status: 200, connection: 'keep-alive', reused: false });
      const exited = new Promise<number | null>((resolve) => own.child.once('exit', (code) => resolve(code)));
      // The stop comes while a request is on its way on the kept connection (its body still arriving, 1 s more: the
      // primary relays the signal to the worker meanwhile): it is answered, and told to go elsewhere.
      const during = await send('POST', '/contact', (req) => {
        req.write('nom=Ada&message=');
        setTimeout(() => own.child.kill('SIGTERM'), 300);
        setTimeout(() => req.end('Bonjour%20la%20salle%20!'), 1300);
      });
      expect(during.status).toBeGreaterThanOrEqual(200);
      expect(during).toMatchObject({ connection: 'close', reused: true });
      // The next one finds neither that connection nor a server that takes a new one.
      await expect(send('GET', '/healthz')).rejects.toThrow();
      expect(await exited).toBe(0);
    } finally {
      agent.destroy();
      await own.stop();
    }
  });
});

test.describe('exploitation : la base ne peut pas écrire @sqlite-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let own: OwnServer;

  test.beforeAll(async () => {
    // Each project (with and without JavaScript) has its own server, on its own port.
    const portOffset = test.info().project.name === 'nojs' ? 68 : 67;
    own = await startOwnServer({ portOffset, env: { WEB_CONCURRENCY: '1' } });
  });
  test.afterAll(async () => {
    await own.stop();
  });

  test('un envoi qui ne peut pas s’écrire donne un 503 en français qui rend la saisie ; renvoyée, elle est enregistrée', async ({
    page,
  }) => {
    const message = 'Bonjour, le marché de Noël de Bulle a-t-il lieu même en cas de neige ?';
    await page.goto(`${own.base}/contact`);
    await page.getByLabel('Votre nom').fill('Léa Rochat');
    await page.getByLabel('Votre adresse email').fill('lea.rochat@exemple.ch');
    await page.getByLabel('Sujet').fill('Marché de Noël');
    await page.getByLabel('Message').fill(message);
    // Another program holds the database's write lock longer than the server waits (5 s).
    const blocker = new Database(path.join(own.dataDir, 'agenda.sqlite'));
    blocker.exec('BEGIN IMMEDIATE');
    try {
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(page.getByRole('heading', { name: 'Enregistrement impossible pour le moment' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(
        page.getByText('Le site ne peut pas enregistrer pour le moment : la base de données est trop occupée.'),
      ).toBeVisible();
      await expect(page.getByLabel('Ce que vous avez saisi')).toHaveValue(
        ['Léa Rochat', 'lea.rochat@exemple.ch', 'Marché de Noël', message].join('\n\n'),
      );
      const health = await fetch(`${own.base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.text()).toContain('la base de données est trop occupée.');
    } finally {
      blocker.exec('ROLLBACK');
      blocker.close();
    }
    const stored = new Database(path.join(own.dataDir, 'agenda.sqlite'), { readonly: true });
    const count = () =>
      (
        stored.prepare("SELECT COUNT(*) AS n FROM contact_messages WHERE subject = 'Marché de Noël'").get() as {
          n: number;
        }
      ).n;
    expect(count()).toBe(0);
    await page.getByRole('button', { name: 'Réessayer l’envoi' }).click();
    await expect(page).toHaveURL(`${own.base}/contact?envoye=1`);
    await expect(page.getByTestId('contact-success')).toContainText('Merci, votre message a bien été envoyé.');
    expect(count()).toBe(1);
    stored.close();
  });
});

test.describe('exploitation : trop d’envois en une minute @sqlite-only', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let own: OwnServer;

  test.beforeAll(async () => {
    // Each project (with and without JavaScript) has its own server and its own allowance: two sendings a minute.
    const portOffset = test.info().project.name === 'nojs' ? 70 : 69;
    own = await startOwnServer({ portOffset, env: { WEB_CONCURRENCY: '1', RATE_LIMIT_FORMS_PER_MINUTE: '2' } });
  });
  test.afterAll(async () => {
    await own.stop();
  });

  test('l’envoi de trop donne un 429 en français qui rend la saisie, rien d’enregistré', async ({ page }) => {
    const send = async (subject: string, message: string) => {
      await page.goto(`${own.base}/contact`);
      await page.getByLabel('Votre nom').fill('Léa Rochat');
      await page.getByLabel('Votre adresse email').fill('lea.rochat@exemple.ch');
      await page.getByLabel('Sujet').fill(subject);
      await page.getByLabel('Message').fill(message);
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
    };
    for (const subject of ['Premier message', 'Deuxième message']) {
      await send(subject, 'Une question sur le marché de Noël de Bulle, merci.');
      await expect(page.getByTestId('contact-success')).toBeVisible();
    }
    const message = 'Encore une précision : le marché a-t-il lieu même en cas de neige ?';
    await send('Troisième message', message);
    // The page opens at its top, not at the scroll of the form it replaced.
    await expect(page.getByRole('heading', { name: 'Trop de tentatives' })).toBeInViewport();
    // When, in Zurich's words (« à 15:42 »), never an ISO instant.
    await expect(
      page.getByText(/^Votre saisie .* Réessayez à \d{2}:\d{2}, ou copiez-la pour la garder\.$/),
    ).toBeVisible();
    await expect(
      page.getByText('Trop de tentatives en peu de temps. Merci de patienter une minute avant de réessayer.'),
    ).toBeVisible();
    await expect(page.getByLabel('Ce que vous avez saisi')).toHaveValue(
      ['Léa Rochat', 'lea.rochat@exemple.ch', 'Troisième message', message].join('\n\n'),
    );
    await expect(page.getByRole('button', { name: 'Réessayer l’envoi' })).toBeVisible();
    const stored = new Database(path.join(own.dataDir, 'agenda.sqlite'), { readonly: true });
    const subjects = stored.prepare('SELECT subject FROM contact_messages ORDER BY subject').pluck().all();
    stored.close();
    expect(subjects).toEqual(['Deuxième message', 'Premier message']);
  });
});

test.describe('exploitation : la base écrasée sous le serveur qui tourne @http @sqlite-only', () => {
  test.describe.configure({ timeout: 120_000 });

  test('/healthz répond 503 avec sa raison dès que les pages ne peuvent plus lire la base ; /livez reste 200', async () => {
    const own = await startOwnServer({ portOffset: 71, log: true, env: { WEB_CONCURRENCY: '1' } });
    try {
      expect((await fetch(`${own.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${own.base}/evenements`)).status).toBe(200);
      // The operator's drill: the base overwritten in place (same file, same size) while the site runs.
      const file = path.join(own.dataDir, 'agenda.sqlite');
      const fd = fs.openSync(file, 'r+');
      fs.writeSync(fd, Buffer.alloc(fs.fstatSync(fd).size, 0x5a), 0, undefined, 0);
      fs.closeSync(fd);
      // Within the probe's second of reuse, the next answer says it; the jobs worker's next look for calendar sources
      // (every 5 s) fails on it, in one French line.
      const jobFailed = /\[tâche [a-z-]+\] en échec : la base de données est endommagée\./;
      const deadline = Date.now() + 15_000;
      await new Promise((resolve) => setTimeout(resolve, 1100));
      while (!jobFailed.test(own.log()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect(own.log()).toMatch(jobFailed);
      const health = await fetch(`${own.base}/healthz`);
      expect(health.status).toBe(503);
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(await health.text()).toContain('la base de données est endommagée');
      const live = await fetch(`${own.base}/livez`);
      expect(live.status).toBe(200);
      // Stopped on this base: one French line, never SQLite's raw stack.
      const exited = new Promise((resolve) => own.child.once('exit', resolve));
      own.child.kill('SIGTERM');
      await exited;
      const lines = own.log().split('\n');
      const checkpoint = lines.findIndex((line) => line.includes('[base] dernier point de contrôle impossible'));
      expect(lines[checkpoint]).toContain('est illisible');
      // Nor anywhere before: the jobs worker fails its runs without dying (it crashed at each, replaced at once).
      expect(lines.filter((line) => /^\s+at /.test(line))).toEqual([]);
      expect(own.log()).not.toContain('processus des tâches');
    } finally {
      await own.stop();
    }
  });
});
