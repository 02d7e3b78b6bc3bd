import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('mots de passe', () => {
  it('le hash scrypt vérifie le bon mot de passe et refuse les autres', async () => {
    const hash = await hashPassword('Fondue-au-Vacherin-2026');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Fondue-au-Vacherin-2026', hash)).toBe(true);
    expect(await verifyPassword('fondue-au-vacherin-2026', hash)).toBe(false);
    expect(await verifyPassword('Fondue-au-Vacherin-2026', null)).toBe(false);
    expect(await hashPassword('Fondue-au-Vacherin-2026')).not.toBe(hash);
  });
});
