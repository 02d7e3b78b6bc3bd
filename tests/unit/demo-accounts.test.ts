// The demo accounts (issue 68, decision 139): on a site whose SITE_URL is not local, never the README's passwords —
// random ones, printed once by the start that creates them; locally, `npm start` on a fresh machine prints the README's.
// No later start prints a password.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticate } from '../../app/.server/accounts/login';
import { createLocalIdentity } from '../../app/.server/identity/local';
import type { Config } from '../../app/.server/platform/config';
import { DEMO_ACCOUNTS } from '../../app/.server/seed/seed';
import { isLocalSite, prepareStore } from '../../app/.server/server/startup';
import { memoryStore } from './memory-store';

const [admin] = DEMO_ACCOUNTS;

async function start(store: ReturnType<typeof memoryStore>['store'], siteUrl: string): Promise<string> {
  const printed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    printed.push(String(line));
  });
  try {
    const config = { SEED_DEMO: true, SITE_URL: siteUrl } as Config;
    await prepareStore({ config, store, identity: createLocalIdentity(store, '') });
  } finally {
    log.mockRestore();
  }
  return printed.join('\n');
}

const passwordPrinted = (output: string) => new RegExp(`${admin.email}  /  (\\S+)`).exec(output)?.[1] ?? null;

afterEach(() => vi.restoreAllMocks());

describe('comptes de démonstration', () => {
  it('sur un SITE_URL public : un mot de passe au hasard, affiché une fois ; celui du README n’ouvre rien', async () => {
    const { store } = memoryStore();
    const first = await start(store, 'https://agenda.exemple.ch');
    const password = passwordPrinted(first);
    expect(password).not.toBeNull();
    expect(password).not.toBe(admin.password);
    expect(first).not.toContain(admin.password);
    const who = { ip: '192.0.2.1' };
    expect(await authenticate({ store }, admin.email, admin.password, who)).toBeNull();
    expect((await authenticate({ store }, admin.email, password ?? '', who))?.role).toBe('admin');
    // The next start prints no password.
    expect(passwordPrinted(await start(store, 'https://agenda.exemple.ch'))).toBeNull();
  });

  it('en local, le premier démarrage affiche les comptes du README ; les suivants, aucun mot de passe', async () => {
    const { store } = memoryStore();
    expect(passwordPrinted(await start(store, 'http://localhost:3000'))).toBe(admin.password);
    expect(passwordPrinted(await start(store, 'http://localhost:3000'))).toBeNull();
    expect(isLocalSite('http://127.0.0.1:3100')).toBe(true);
    expect(isLocalSite('http://[::1]:3000')).toBe(true);
    expect(isLocalSite('http://agenda.localhost.exemple.ch')).toBe(false);
  });
});
