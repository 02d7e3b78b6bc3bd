// What stops a start, in French (decision 062), the DATA_DIR lock, secrets created whole and once, and the rate
// limits every process of a server shares (decision 064).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { finishServer, prepareServer } from '../server/startup';
import { createServices } from '../services';
import { createExclusively, loadConfig } from './config';
import { lockDataDir } from './data-dir-lock';
import { prepareLimitsDatabase, sharedLimiter } from './limiter';
import { forgetCreatedSecrets } from './session-secret';
import { checkBackupDir, checkDataDir, checkPortFree, describeStartupFailure, StartupError } from './startup-checks';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-demarrage-'));

describe('démarrage', () => {
  it('un seul serveur par DATA_DIR : le second est refusé en français, le verrou lâché sert de nouveau', () => {
    const dir = tmp();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(StartupError);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`^un autre serveur Agenda romand utilise déjà DATA_DIR \\(${dir}\\) : processus ${process.pid}\\.`),
    );
    first.release();
    lockDataDir(dir).release();
  });

  // An operator's findings: a taken port made the serving processes fail and be replaced for ever, each with a stack
  // trace; a BACKUP_DIR that is a file, and an SMTP_URL that is no address, were taken without a word.
  it('un port déjà pris, un BACKUP_DIR qui n’est pas un dossier, un SMTP_URL qui n’est pas une adresse : une phrase', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const refused = await checkPortFree(port, '127.0.0.1', 300).catch((error: unknown) => error);
      expect(describeStartupFailure(refused)).toBe(
        `Démarrage impossible : le port ${port} de 127.0.0.1 est déjà pris (un autre serveur, ou une instance de ce site déjà lancée) : arrêtez-le, ou choisissez un autre PORT.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await expect(checkPortFree(port, '127.0.0.1')).resolves.toBeUndefined();
    // Freed within the wait (a server that has just stopped): the start goes on.
    const leaving = net.createServer();
    await new Promise<void>((resolve) => leaving.listen(port, '127.0.0.1', resolve));
    setTimeout(() => leaving.close(), 300);
    await expect(checkPortFree(port, '127.0.0.1', 3000)).resolves.toBeUndefined();

    const file = path.join(tmp(), 'sauvegardes');
    fs.writeFileSync(file, 'un fichier');
    expect(() => checkBackupDir(file)).toThrow(
      new StartupError(
        `le dossier des sauvegardes BACKUP_DIR (${file}) n’est pas un dossier : BACKUP_DIR doit désigner un dossier.`,
      ),
    );
    const created = path.join(tmp(), 'nouveau', 'sauvegardes');
    checkBackupDir(created);
    expect(fs.readdirSync(created)).toEqual([]);
    expect(() => checkBackupDir(undefined)).not.toThrow();

    // Three mistakes, three sentences (issue 68), never the value (it may hold a password).
    const refusal = (value: string) => {
      try {
        loadConfig({ DATA_DIR: tmp(), SMTP_URL: value });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    const messages = [
      refusal('motdepasse-smtp.exemple.ch'),
      refusal('https://u:motdepasse@smtp.exemple.ch'),
      refusal('smtps://'),
    ];
    expect(messages[0]).toContain('SMTP_URL n’est pas une adresse\u00a0: elle doit commencer par smtp:// ou smtps://');
    expect(messages[1]).toContain('pas par un autre protocole');
    expect(messages[2]).toContain('SMTP_URL ne nomme aucun serveur');
    expect(new Set(messages).size).toBe(3);
    for (const message of messages) expect(message).not.toContain('motdepasse-');
    expect(loadConfig({ DATA_DIR: tmp(), SMTP_URL: 'smtps://u:p@smtp.exemple.ch:465' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.exemple.ch:465',
    );
  });

  it('un disque presque plein arrête le démarrage sur une phrase qui dit combien il reste', () => {
    const dir = tmp();
    expect(() => checkDataDir(dir, 0)).not.toThrow();
    expect(() => checkDataDir(dir, Number.MAX_SAFE_INTEGER)).toThrow(
      /^il ne reste que \d+ Mo sur le disque de DATA_DIR \(.+\) ; le site en demande au moins \d+ Mo/,
    );
  });

  it('une base à l’en-tête cassé ou aux pages écrasées : une phrase qui nomme le fichier, pas une SqliteError', async () => {
    const broken = tmp();
    const file = path.join(broken, 'agenda.sqlite');
    fs.writeFileSync(file, Buffer.alloc(8192, 0x41));
    const services = createServices(loadConfig({ DATA_DIR: broken }));
    const refused = await prepareServer(services).catch((error: unknown) => error);
    await finishServer(services);
    expect(refused).toBeInstanceOf(StartupError);
    expect(describeStartupFailure(refused)).toBe(
      `Démarrage impossible : la base de données ${file} est illisible : ce n’est pas (ou plus) un fichier SQLite, son en-tête est endommagé. Restaurez la dernière sauvegarde (npm run restore, voir « Sauvegardes » dans docs/exploitation.md).`,
    );

    // A sound header, but pages overwritten in the middle of the file: a site's database with a hundred events.
    const overwritten = tmp();
    const site = createServices(loadConfig({ DATA_DIR: overwritten }));
    await site.store.categories.upsertMany(DEFAULT_CATEGORIES);
    await site.store.events.insertMany(Array.from({ length: 100 }, () => makeEvent()));
    await site.close();
    const fd = fs.openSync(path.join(overwritten, 'agenda.sqlite'), 'r+');
    const pages = fs.statSync(path.join(overwritten, 'agenda.sqlite')).size / 4096;
    fs.writeSync(fd, Buffer.alloc(4096 * 8, 0x42), 0, 4096 * 8, 4096 * Math.floor(pages / 2));
    fs.closeSync(fd);
    const damaged = createServices(loadConfig({ DATA_DIR: overwritten }));
    const error = await prepareServer(damaged).catch((e: unknown) => e);
    await finishServer(damaged);
    expect(describeStartupFailure(error)).toMatch(
      /^Démarrage impossible : la base de données .+agenda\.sqlite est (endommagée|illisible)/,
    );
  });

  it('un secret de session vide arrête le démarrage ; créé par deux processus à la fois, il est le même pour les deux', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '.session-secret'), '\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/le secret de session .+ est vide ou trop court/);
    const fresh = tmp();
    const file = path.join(fresh, '.secret');
    expect(createExclusively(file, 'premier')).toBe('premier');
    expect(createExclusively(file, 'second')).toBe('premier');
    expect(fs.readdirSync(fresh)).toEqual(['.secret']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('un démarrage qui échoue reprend le secret de session qu’il a créé, jamais celui qui était là', () => {
    const first = tmp();
    const kept = tmp();
    fs.writeFileSync(path.join(kept, '.session-secret'), 'k'.repeat(48));
    loadConfig({ DATA_DIR: first });
    loadConfig({ DATA_DIR: kept });
    expect(fs.readdirSync(first)).toContain('.session-secret');
    forgetCreatedSecrets();
    expect(fs.readdirSync(first)).not.toContain('.session-secret');
    expect(fs.readFileSync(path.join(kept, '.session-secret'), 'utf8')).toBe('k'.repeat(48));
  });
});

describe('limites de débit partagées', () => {
  it('deux processus (deux connexions à la même base) comptent ensemble, sans intermédiaire', async () => {
    const file = path.join(tmp(), 'limites.sqlite');
    prepareLimitsDatabase(file);
    const options = { points: 3, duration: 60, keyPrefix: 'essai' };
    const one = sharedLimiter(new Database(file), options);
    const two = sharedLimiter(new Database(file), options);
    await one.consume('10.0.0.1');
    await two.consume('10.0.0.1');
    await one.consume('10.0.0.1');
    await expect(two.consume('10.0.0.1')).rejects.toBeInstanceOf(RateLimiterRes);
    await expect(one.consume('10.0.0.1')).rejects.toBeInstanceOf(RateLimiterRes);
    // Another address has its own allowance.
    await expect(two.consume('10.0.0.2')).resolves.toMatchObject({ remainingPoints: 2 });
  });
});
