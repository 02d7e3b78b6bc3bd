import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config';
import { createServices } from './services';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-services-'));

describe('racine de composition', () => {
  it('SQLite par défaut : base et images sous DATA_DIR, identité locale, pas de connexion Google', async () => {
    const dir = dataDir();
    const services = createServices(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 's'.repeat(32) }));
    expect(services.database.kind).toBe('sqlite');
    expect(services.uploadsDir).toBe(path.join(dir, 'uploads'));
    expect(services.firebase).toBeNull();
    expect(services.googleSignIn).toBeNull();
    expect(await services.store.categories.list()).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'agenda.sqlite'))).toBe(true);
    await services.close();
  });

  it('Firebase : réglages du projet, connexion Google proposée, sans ouvrir firebase-admin tant que rien ne sert', () => {
    const services = createServices(
      loadConfig({
        DATA_DIR: dataDir(),
        DATA_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: 'agenda-test',
        FIREBASE_API_KEY: 'AIza-test',
        FIREBASE_STORAGE_BUCKET: 'agenda-test.appspot.com',
      }),
    );
    expect(services.uploadsDir).toBeNull();
    expect(services.firebase?.projectId).toBe('agenda-test');
    expect(services.googleSignIn).toEqual({
      apiKey: 'AIza-test',
      authDomain: 'agenda-test.firebaseapp.com',
      projectId: 'agenda-test',
      emulatorUrl: null,
    });
  });

  it('chaque service est construit une fois, au premier usage', () => {
    const services = createServices(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 's'.repeat(32) }));
    expect(services.store).toBe(services.store);
    expect(services.mailer).toBe(services.mailer);
    expect(services.live).toBe(services.live);
  });
});
