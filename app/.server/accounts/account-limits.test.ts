import { describe, expect, it } from 'vitest';
import { VERIFICATION_MAILS_EXHAUSTED } from '../../domain/auth';
import { RESERVED_NAME_MESSAGE } from '../../domain/reserved-names';
import { createLocalIdentity } from '../identity/local';
import type { UseCaseError } from '../platform/use-case-error';
import { registered, rejection, setup, tokenOf } from './account-harness';
import {
  MAILS_PER_HOUR,
  registerAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
} from './accounts';
import { authenticate } from './login';
import { createOrUpdateAccount } from './operator';

describe('comptes : ce que personne ne peut demander sans fin ni prendre pour nom', () => {
  it('vingt demandes de réinitialisation pour une adresse : trois emails au plus dans l’heure, et le dernier lien reste valable', async () => {
    const { deps, mailer, store } = setup();
    const user = await registered(deps);
    const before = mailer.sent.length;
    // From any number of clients, in any spelling of the address: the allowance is the account's.
    for (let i = 0; i < 20; i++) await requestPasswordReset(deps, i % 2 ? 'lea@exemple.ch' : 'LEA@Exemple.ch');
    const resets = mailer.sent.slice(before);
    expect(resets).toHaveLength(MAILS_PER_HOUR);
    expect(resets.every((m) => m.to === 'lea@exemple.ch')).toBe(true);
    // The victim's latest link was not voided by the requests past the allowance.
    await resetPassword(deps, tokenOf(resets.at(-1)!.text, '/auth/reset-password'), 'sa nouvelle phrase longue');
    expect(await authenticate({ store }, user.email, 'sa nouvelle phrase longue')).not.toBeNull();
  });

  it('renvoyer la vérification : trois fois dans l’heure, puis un refus en français', async () => {
    const { deps, mailer } = setup();
    const user = await registered(deps);
    const before = mailer.sent.length;
    for (let i = 0; i < MAILS_PER_HOUR; i++) await resendVerification(deps, user);
    expect(await rejection(resendVerification(deps, user))).toBe(VERIFICATION_MAILS_EXHAUSTED);
    expect(mailer.sent.length - before).toBe(MAILS_PER_HOUR);
  });

  it('un nom de l’équipe (« Modération », « Agenda romand »…) ne se prend ni à l’inscription ni dans le profil ; l’admin de la ligne de commande le garde', async () => {
    const { deps, store, mailer } = setup();
    for (const displayName of ['Modération', 'Agenda  Romand', '4dm1n', 'Аdmin']) {
      const error = await registerAccount(deps, {
        email: `${displayName.length}x@exemple.ch`,
        password: 'une phrase assez longue',
        displayName,
      }).then(
        () => null,
        (e: UseCaseError) => e,
      );
      expect(error).toMatchObject({ field: 'displayName', message: RESERVED_NAME_MESSAGE, status: 400 });
    }
    expect(mailer.sent).toHaveLength(0);
    expect((await store.users.search({ limit: 10 })).total).toBe(0);

    const user = await registered(deps);
    expect(await rejection(updateProfile(deps, user, { displayName: 'Support' }))).toBe(RESERVED_NAME_MESSAGE);
    expect((await store.users.findById(user.uid))?.displayName).toBe('Léa');
    await updateProfile(deps, user, { displayName: 'Badminton Club Nyon' });
    expect((await store.users.findById(user.uid))?.displayName).toBe('Badminton Club Nyon');

    const admin = await createOrUpdateAccount(
      { email: 'ada@exemple.ch', password: 'une phrase assez longue', role: 'admin', name: 'Administrateur' },
      { store, identity: createLocalIdentity(store, deps.config.SITE_URL) },
    );
    expect(admin.displayName).toBe('Administrateur');
    await updateProfile(deps, admin, { displayName: 'Modération' });
    expect((await store.users.findById(admin.uid))?.displayName).toBe('Modération');
  });
});
