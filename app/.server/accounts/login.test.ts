import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { UseCaseError } from '../platform/use-case-error';
import { authenticate, LOGIN_LIMITS, loginDelayMs } from './login';

function cheapHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('connexion', () => {
  async function target(uid: string, email: string) {
    const { store } = memoryStore();
    // A stored hash with a small N keeps many checks fast (verification reads N from the stored hash).
    await storeUser(store, { uid, email, displayName: 'Cible' }, { passwordHash: cheapHash('le bon mot de passe') });
    return store;
  }
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => null,
      (thrown: unknown) => {
        // The use case refuses with a UseCaseError; the route turns it into the 429 with Retry-After.
        if (!(thrown instanceof UseCaseError)) throw thrown;
        return { status: thrown.status, retryAfter: Number(thrown.retryAfter), message: thrown.message };
      },
    );
  const noWait = async () => {};
  /** `count` wrong logins from one client, each failing (null); then the refusal of the right password for `email`. */
  async function refusedAfter(
    store: Awaited<ReturnType<typeof target>>,
    who: { ip: string },
    count: number,
    wrong: (i: number) => [email: string, password: string],
    email: string,
  ) {
    for (let i = 0; i < count; i++) {
      const [address, password] = wrong(i);
      expect(await authenticate({ store }, address, password, who, { wait: noWait })).toBeNull();
    }
    return refusal(authenticate({ store }, email, 'le bon mot de passe', who, { wait: noWait }));
  }

  it('des mots de passe faux d’adresses IP toujours nouvelles (X-Forwarded-For forgé) : 429 sur le compte après 20 ; la titulaire, depuis son navigateur, passe ralentie', async () => {
    const store = await target('u1', 'cible@exemple.ch');
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const limit = LOGIN_LIMITS.perAccountUnknownBrowsers;
    for (let i = 0; i < limit.points; i++) {
      const who = { ip: `203.0.113.${i}` };
      expect(await authenticate({ store }, 'CIBLE@exemple.ch', `mauvais ${i}`, who, { wait })).toBeNull();
    }
    // Past the limit, every attempt from a browser that never signed in, whatever its address.
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const refused = await refusal(authenticate({ store }, 'cible@exemple.ch', 'encore faux', { ip }, { wait }));
      expect(refused?.status).toBe(429);
      expect(refused?.message).toContain('Trop de tentatives');
      // The lock lasts a quarter of an hour: the text says so, never « une minute ».
      expect(refused?.message).toMatch(/patienter 1[45]\u00a0minutes avant de réessayer\.$/);
      expect(refused?.retryAfter).toBeGreaterThan(0);
      expect(refused?.retryAfter).toBeLessThanOrEqual(limit.seconds);
    }
    // Even with the right password, a new browser waits the rest of the quarter of an hour.
    const newBrowser = await refusal(
      authenticate({ store }, 'cible@exemple.ch', 'le bon mot de passe', { ip: '198.51.100.7' }, { wait }),
    );
    expect(newBrowser?.status).toBe(429);
    // The owner's browser, which signed in before, is not stopped: slowed, then signed in.
    waits.length = 0;
    const owner = { ip: '198.51.100.8' };
    const user = await authenticate({ store }, 'cible@exemple.ch', 'le bon mot de passe', owner, {
      wait,
      knownBrowser: true,
    });
    expect(user?.uid).toBe('u1');
    expect(waits).toEqual([loginDelayMs(limit.points)]);
    // Signed in: the slowdown and the limit on the account are over, for new browsers too.
    waits.length = 0;
    expect(
      (await authenticate({ store }, 'cible@exemple.ch', 'le bon mot de passe', { ip: '198.51.100.7' }, { wait }))?.uid,
    ).toBe('u1');
    expect(waits).toEqual([]);
    expect(loginDelayMs(0)).toBe(0);
  }, 60_000);

  it('un même client qui se trompe sur une adresse reçoit un 429 avec Retry-After ; les autres clients non', async () => {
    const store = await target('u2', 'lea@exemple.ch');
    const refused = await refusedAfter(
      store,
      { ip: '10.1.0.50' },
      LOGIN_LIMITS.perAccountAndClient.points,
      (i) => ['lea@exemple.ch', `faux ${i}`],
      'lea@exemple.ch',
    );
    expect(refused?.status).toBe(429);
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.message).toContain('Trop de tentatives');
    const elsewhere = await authenticate(
      { store },
      'lea@exemple.ch',
      'le bon mot de passe',
      { ip: '10.1.0.51' },
      { wait: noWait },
    );
    expect(elsewhere?.uid).toBe('u2');
  }, 60_000);

  it('un client qui essaie beaucoup d’adresses est arrêté, quelle que soit l’adresse', async () => {
    const store = await target('u3', 'zoe@exemple.ch');
    const refused = await refusedAfter(
      store,
      { ip: '10.2.0.99' },
      LOGIN_LIMITS.perClient.points,
      (i) => [`inconnu${i}@exemple.ch`, 'x'],
      'zoe@exemple.ch',
    );
    expect(refused?.status).toBe(429);
    expect(refused?.retryAfter).toBeGreaterThan(60);
  }, 60_000);

  it('un ancien hash scrypt est remplacé par un hash Argon2id à la connexion réussie, pas à un échec', async () => {
    const { store } = memoryStore();
    const legacy = cheapHash('Gruyère-et-Vacherin');
    await storeUser(store, { uid: 'u2', email: 'ancien@exemple.ch', displayName: 'Ancien' }, { passwordHash: legacy });
    const stored = async () => (await store.users.findByEmailWithPassword('ancien@exemple.ch'))?.passwordHash;
    expect(await authenticate({ store }, 'ancien@exemple.ch', 'mauvais')).toBeNull();
    expect(await stored()).toBe(legacy);
    expect((await authenticate({ store }, 'ancien@exemple.ch', 'Gruyère-et-Vacherin'))?.uid).toBe('u2');
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await authenticate({ store }, 'ancien@exemple.ch', 'Gruyère-et-Vacherin'))?.uid).toBe('u2');
  });
});
