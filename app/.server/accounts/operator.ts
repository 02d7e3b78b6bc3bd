// Account administration use cases shared by the CLI and the demo accounts.

import type { IdentityProvider } from '../identity/ports';
import { newId } from '../platform/ids';
import type { Role, Store, UserProfile } from '../ports';

export async function createOrUpdateAccount(
  input: { email: string; password: string; role: Role; name?: string },
  { store, identity }: { store: Store; identity: IdentityProvider },
): Promise<UserProfile> {
  const email = input.email.trim().toLowerCase();
  const existing = await store.users.findByEmailWithPassword(email);
  const displayName = input.name?.trim() || existing?.displayName || email.split('@')[0];
  const account = await identity.ensureAccount({
    uid: existing?.uid ?? newId(20),
    email,
    password: input.password,
    displayName,
  });
  const user = await store.users.upsert({
    uid: account.uid,
    email,
    displayName,
    role: input.role,
    passwordHash: account.passwordHash,
    // An account made by an operator is trusted: no verification mail to click.
    emailVerified: true,
    now: new Date().toISOString(),
  });
  // A new password set by an operator: reset links sent before it stop working (as after any password change).
  await store.authTokens.revokeForUser(user.uid, 'reset-password');
  return user;
}
