// The alerts of a signed-in account's address, in its profile (issue 22). Only once the address is verified: an
// account opened with someone else's address must not see nor end that person's alerts.
import { ALERT_RHYTHMS } from '~/domain/alert';
import type { Store, UserProfile } from '../ports';
import { describeAlert, unsubscribeOwnAlert } from './alerts';

export interface ProfileAlert {
  id: string;
  description: string;
  rhythm: string;
  pending: boolean;
  list: string;
}

export async function profileAlerts(
  { store }: { store: Store },
  user: Pick<UserProfile, 'email' | 'emailVerified'>,
): Promise<ProfileAlert[]> {
  if (!user.emailVerified) return [];
  const alerts = await store.alerts.listByEmail(user.email.toLowerCase());
  return Promise.all(
    alerts.map(async (a) => ({
      id: a.id,
      description: await describeAlert({ store }, a.filter),
      rhythm: ALERT_RHYTHMS.find((r) => r.value === a.rhythm)?.label ?? a.rhythm,
      pending: a.status === 'pending',
      list: `/evenements?${a.filter}`,
    })),
  );
}

/** Ends one alert of the account's own (verified) address; false when it is not one of them. */
export function unsubscribeFromProfile(
  { store }: { store: Store },
  user: Pick<UserProfile, 'email' | 'emailVerified'>,
  alertId: string,
): Promise<boolean> {
  return user.emailVerified ? unsubscribeOwnAlert({ store }, user.email, alertId) : Promise.resolve(false);
}
