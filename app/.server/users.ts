// Account administration use cases shared by the CLI and, later, the admin screens.

import { hashPassword } from './identity/password';
import { newId } from './ids';
import type { Role, Store, UserProfile } from './ports';
import { getStore } from './store';

export async function createOrUpdateAccount(
  input: { email: string; password: string; role: Role; name?: string },
  store: Store = getStore(),
): Promise<UserProfile> {
  const email = input.email.trim().toLowerCase();
  const existing = await store.users.findByEmailWithPassword(email);
  return store.users.upsert({
    uid: existing?.uid ?? newId(20),
    email,
    displayName: input.name?.trim() || existing?.displayName || email.split('@')[0],
    role: input.role,
    passwordHash: await hashPassword(input.password),
    // An account made by an operator is trusted: no verification mail to click.
    emailVerified: true,
    now: new Date().toISOString(),
  });
}
