import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../tests/support/factories';
import { memoryStore } from '../../tests/unit/memory-store';
import { authenticate, FAILED_LOGINS_PER_HOUR } from './auth';

function cheapHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('connexion', () => {
  it('au-delà de 100 échecs en une heure, le compte répond 429 même au bon mot de passe', async () => {
    const { store } = memoryStore();
    // A stored hash with a small N keeps 100 checks fast (verification reads N from the stored hash).
    await storeUser(
      store,
      { uid: 'u1', email: 'cible@exemple.ch', displayName: 'Cible' },
      { passwordHash: cheapHash('le bon mot de passe') },
    );
    expect((await authenticate(store, 'cible@exemple.ch', 'le bon mot de passe'))?.uid).toBe('u1');
    for (let i = 0; i < FAILED_LOGINS_PER_HOUR; i++) {
      expect(await authenticate(store, 'CIBLE@exemple.ch', `mauvais ${i}`)).toBeNull();
    }
    const refused = await authenticate(store, 'cible@exemple.ch', 'le bon mot de passe').catch((e) => e);
    expect(refused?.init?.status).toBe(429);
    expect(refused?.data?.message).toContain('Trop de tentatives');
  }, 120_000);

  it('un ancien hash scrypt est remplacé par un hash Argon2id à la connexion réussie, pas à un échec', async () => {
    const { store } = memoryStore();
    const legacy = cheapHash('Gruyère-et-Vacherin');
    await storeUser(store, { uid: 'u2', email: 'ancien@exemple.ch', displayName: 'Ancien' }, { passwordHash: legacy });
    const stored = async () => (await store.users.findByEmailWithPassword('ancien@exemple.ch'))?.passwordHash;
    expect(await authenticate(store, 'ancien@exemple.ch', 'mauvais')).toBeNull();
    expect(await stored()).toBe(legacy);
    expect((await authenticate(store, 'ancien@exemple.ch', 'Gruyère-et-Vacherin'))?.uid).toBe('u2');
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await authenticate(store, 'ancien@exemple.ch', 'Gruyère-et-Vacherin'))?.uid).toBe('u2');
  });
});
