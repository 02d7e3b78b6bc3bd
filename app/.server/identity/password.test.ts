import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

/** A hash of the earlier scheme, as stored by accounts created before Argon2id. */
function legacyScrypt(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', 2 ** 17, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('mots de passe', () => {
  it('le hash Argon2id (paramètres OWASP) vérifie le bon mot de passe et refuse les autres', async () => {
    const hash = await hashPassword('Fondue-au-Vacherin-2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Fondue-au-Vacherin-2026', hash)).toBe(true);
    expect(await verifyPassword('fondue-au-vacherin-2026', hash)).toBe(false);
    expect(await verifyPassword('Fondue-au-Vacherin-2026', null)).toBe(false);
    expect(await verifyPassword('Fondue-au-Vacherin-2026', '$argon2id$abîmé')).toBe(false);
    expect(await hashPassword('Fondue-au-Vacherin-2026')).not.toBe(hash);
    expect(needsRehash(hash)).toBe(false);
  });

  it('un ancien hash scrypt vérifie toujours, et doit être remplacé', async () => {
    const legacy = legacyScrypt('Raclette-du-Valais-2025');
    expect(await verifyPassword('Raclette-du-Valais-2025', legacy)).toBe(true);
    expect(await verifyPassword('Raclette-du-valais-2025', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2VsCg$aGFzaA')).toBe(true);
  });

  it('les mots de passe sont comparés après normalisation Unicode (é composé ou décomposé)', async () => {
    const hash = await hashPassword('Crème-brûlée-2026');
    expect(await verifyPassword('Cre\u0300me-bru\u0302le\u0301e-2026', hash)).toBe(true);
  });
});
