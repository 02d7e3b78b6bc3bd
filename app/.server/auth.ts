// Local identity provider: email + password checked against the scrypt hash in the store.
import { dummyPasswordHash, verifyPassword } from './identity/password';
import type { Store, UserProfile } from './ports';

export async function authenticate(store: Store, email: string, password: string): Promise<UserProfile | null> {
  const user = await store.users.findByEmailWithPassword(email);
  // Unknown emails cost the same time as known ones, so timing does not reveal accounts.
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || user.disabled) return null;
  const { passwordHash: _hidden, ...profile } = user;
  return profile;
}
