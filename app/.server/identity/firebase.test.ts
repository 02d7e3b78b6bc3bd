// The verification link of docs/specification.md §7: with the site root as continue URL, or the default link if Firebase refuses it.
import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from '../../../tests/unit/memory-store';
import type { UserProfile } from '../ports';
import { createFirebaseIdentity } from './firebase';

const user = { uid: 'u1', email: 'lea@exemple.ch', displayName: 'Léa' } as UserProfile;

function identityWith(generate: Auth['generateEmailVerificationLink']) {
  const auth = { generateEmailVerificationLink: generate } as unknown as Auth;
  return createFirebaseIdentity({
    auth,
    apiKey: 'k',
    siteUrl: 'https://agenda.test',
    tokens: memoryStore().store.authTokens,
  });
}

describe('lien de vérification Firebase', () => {
  it('demande le retour à la racine du site et renvoie vers notre page avec le code', async () => {
    const generate = vi.fn(
      async () => 'https://agenda.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=ABC%2B1',
    );
    const link = await identityWith(generate).verificationLink(user, new Date());
    expect(generate).toHaveBeenCalledWith('lea@exemple.ch', { url: 'https://agenda.test/' });
    expect(link).toBe('https://agenda.test/auth/verify-email?token=ABC%2B1');
  });

  it('si Firebase refuse l’adresse de retour, le lien par défaut part quand même', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const generate = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('refusé'), { code: 'auth/unauthorized-continue-uri' }))
      .mockResolvedValueOnce('https://agenda.firebaseapp.com/__/auth/action?mode=verifyEmail&oobCode=DEF');
    const link = await identityWith(generate).verificationLink(user, new Date());
    expect(generate).toHaveBeenNthCalledWith(2, 'lea@exemple.ch');
    expect(link).toBe('https://agenda.test/auth/verify-email?token=DEF');
  });
});
