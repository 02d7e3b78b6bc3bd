// The restore drill (issue 32, decision 063): a backup taken while another process keeps writing, restored into an
// empty folder, and the restored site answers its public API as the site did; images and secrets came along, and the
// writes it holds are exactly those before one instant (a consistent copy, not a mix).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { backupSite, listBackups, pruneBackups } from '../../app/.server/backup/backup';
import { restoreSite } from '../../app/.server/backup/restore';
import { storeEventImage } from '../../app/.server/files/images';
import { loadConfig } from '../../app/.server/platform/config';
import { seedCategories, seedDemo } from '../../app/.server/seed/seed';
import { createServices, type Services } from '../../app/.server/services';
import { loader as categoriesLoader } from '../../app/routes/api.v1.categories';
import { loader as eventsLoader } from '../../app/routes/api.v1.events';
import { loader as partnersLoader } from '../../app/routes/api.v1.partners';

const tmp = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `agenda-drill-${label}-`));
const opened: Services[] = [];
const open = (dataDir: string) => {
  const services = createServices(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }));
  opened.push(services);
  return services;
};
afterAll(async () => {
  for (const services of opened) await services.close();
});

/** Another process writing contact messages numbered 1, 2, 3… one transaction each, until stopped. */
function startWriter(file: string): ChildProcess {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)}, { timeout: 5000 });
    const insert = db.prepare("INSERT INTO contact_messages (id, name, email, subject, message, created_at) VALUES (?, 'Écrivain', 'w@exemple.ch', 'Pendant la sauvegarde', 'Une écriture de plus.', ?)");
    let n = 0;
    const write = () => { n++; insert.run('w' + String(n).padStart(6, '0'), new Date().toISOString()); setImmediate(write); };
    write();
  `;
  return spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: 'ignore' });
}

async function api(services: Services, loader: unknown, urlPath: string) {
  const context = { services, clientIp: '198.51.100.7' } as unknown as AppLoadContext;
  const load = loader as (args: { request: Request; params: object; context: AppLoadContext }) => Promise<Response>;
  const response = await load({ request: new Request(`https://agenda.example${urlPath}`), params: {}, context });
  return { status: response.status, body: await response.json() };
}

describe('exercice de restauration', () => {
  it('sauvegarde pendant des écritures, restauration dans un dossier vide : l’API répond pareil', async () => {
    const dataDir = tmp('site');
    const site = open(dataDir);
    await seedCategories(site);
    await seedDemo(site, new Date());
    // An event with an uploaded image, public.
    const image = await storeEventImage(
      site.files,
      await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .jpeg()
        .toBuffer(),
      'Une affiche',
    );
    const [first] = (
      await site.store.events.search({ status: ['approved'], endsAfter: new Date().toISOString(), limit: 1, offset: 0 })
    ).items;
    await site.store.events.insertMany([
      { ...first, id: 'avec-image', slug: 'avec-image', title: 'Concert avec affiche', image },
    ]);

    const file = path.join(dataDir, 'agenda.sqlite');
    const writer = startWriter(file);
    const written = () => site.store.contactMessages.count();
    try {
      await expect.poll(written, { timeout: 20_000 }).toBeGreaterThan(200);
      const backups = tmp('sauvegardes');
      const { dir, manifest } = backupSite({ database: site.database, dataDir, uploadsDir: site.uploadsDir }, backups);
      await expect.poll(written, { timeout: 20_000 }).toBeGreaterThan(manifest.database.counts.events);
      writer.kill('SIGKILL');

      const empty = tmp('restaure');
      const { manifest: restored } = restoreSite(dir, empty);
      expect(restored.database.sha256).toBe(manifest.database.sha256);
      const copy = open(empty);
      // The secret came along: sessions, alert links and unsubscribe links keep working.
      expect(copy.config.SESSION_SECRET).toBe(site.config.SESSION_SECRET);
      for (const [loader, urlPath] of [
        [eventsLoader, '/api/v1/events?limit=100'],
        [eventsLoader, '/api/v1/events?q=concert'],
        [partnersLoader, '/api/v1/partners'],
        [categoriesLoader, '/api/v1/categories'],
      ] as const) {
        expect(await api(copy, loader, urlPath), urlPath).toEqual(await api(site, loader, urlPath));
      }
      for (const width of [400, 800, 1600])
        expect(await copy.files.get(`${image.path}-${width}.webp`)).toEqual(
          await site.files.get(`${image.path}-${width}.webp`),
        );

      // One instant's state: the writes it holds are 1…k, with no gap, and the writer went on after it.
      const kept = (await copy.store.contactMessages.listRecent(100_000))
        .map((m) => Number(m.id.slice(1)))
        .sort((a, b) => a - b);
      expect(kept.length).toBeGreaterThan(200);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => i + 1));
      expect(await written()).toBeGreaterThan(kept.length);
    } finally {
      writer.kill('SIGKILL');
    }
  });

  it('une restauration refuse un dossier qui contient un site, sauf à le remplacer (mis de côté), et une sauvegarde abîmée', async () => {
    const dataDir = tmp('site2');
    const site = open(dataDir);
    await seedCategories(site);
    const backups = tmp('sauvegardes2');
    const { dir } = backupSite(
      { database: site.database, dataDir, uploadsDir: site.uploadsDir },
      backups,
      new Date('2030-01-01T03:00:00Z'),
    );
    expect(() => restoreSite(dir, dataDir)).toThrow(/contient déjà un site/);
    const other = tmp('autre');
    fs.writeFileSync(path.join(other, 'agenda.sqlite'), 'ancien');
    // An image the manifest does not count: the restore says what it copied, not what the manifest says.
    fs.mkdirSync(path.join(dir, 'uploads', 'events'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'uploads', 'events', 'ajoutee-400.webp'), 'image');
    const { setAside, copied, manifest } = restoreSite(dir, other, {
      replace: true,
      now: new Date('2030-01-02T00:00:00Z'),
    });
    expect(manifest.files).toBe(0);
    expect(copied).toEqual({ files: 1, secrets: manifest.secrets.length });
    expect(fs.readFileSync(path.join(setAside ?? '', 'agenda.sqlite'), 'utf8')).toBe('ancien');
    // A backup whose database changed since: refused before anything is copied.
    fs.appendFileSync(path.join(dir, 'agenda.sqlite'), 'x');
    expect(() => restoreSite(dir, tmp('vide'))).toThrow(/empreinte|intègre|not a database|malformed/);
  });

  it('la sauvegarde quotidienne garde les plus récentes, et une sauvegarde interrompue ne compte pas', async () => {
    const dataDir = tmp('site3');
    const site = open(dataDir);
    await seedCategories(site);
    const backups = tmp('sauvegardes3');
    for (let day = 1; day <= 4; day++)
      backupSite(
        { database: site.database, dataDir, uploadsDir: site.uploadsDir },
        backups,
        new Date(`2030-01-0${day}T03:00:00Z`),
      );
    fs.mkdirSync(path.join(backups, 'agenda-2030-01-05T03-00-00-000Z.partielle'));
    expect(listBackups(backups)).toHaveLength(4);
    expect(pruneBackups(backups, 2)).toBe(2);
    expect(fs.readdirSync(backups).sort()).toEqual([
      'agenda-2030-01-03T03-00-00-000Z',
      'agenda-2030-01-04T03-00-00-000Z',
    ]);
  });

  it('une sauvegarde en ligne de commande interrompue : la suivante retire son dossier .partielle', async () => {
    const dataDir = tmp('site4');
    const site = open(dataDir);
    await seedCategories(site);
    const backups = tmp('sauvegardes4');
    const cutShort = path.join(backups, 'agenda-2030-01-05T03-00-00-000Z.partielle');
    fs.mkdirSync(cutShort, { recursive: true });
    fs.writeFileSync(path.join(cutShort, 'agenda.sqlite'), 'une copie coupée');
    backupSite(
      { database: site.database, dataDir, uploadsDir: site.uploadsDir },
      backups,
      new Date('2030-01-06T03:00:00Z'),
    );
    expect(fs.readdirSync(backups)).toEqual(['agenda-2030-01-06T03-00-00-000Z']);
  });
});
