// The account mails written when they leave (decision 060): recorded in the queue before the answer, whatever the
// address has (registration and « mot de passe oublié » answer the same either way), then written by the `mails`
// job with a fresh link, or dropped when there is nothing to send.
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLocalIdentity } from '../identity/local';
import type { IdentityProvider } from '../identity/ports';
import { accountExistsMail, passwordResetMail, verificationMail } from '../mail/templates';
import { createLimiter } from '../platform/limiter';
import { once } from '../platform/once';
import type { DeferredMail, MailMessage, Store } from '../ports';

export interface AccountMailDeps {
  store: Store;
  siteUrl: string;
  identity?: IdentityProvider;
}

/**
 * The mails anyone may make us send to an address (issue 31): a few per hour and address or account, whoever asks and
 * from wherever (a per-IP limit does not hold against many addresses). Past it, nothing is sent, and the link sent
 * last stays the valid one: asking again cannot break its owner's own reset.
 */
export const MAILS_PER_HOUR = 3;
const hourlyMails = once(() =>
  createLimiter({ points: MAILS_PER_HOUR, duration: 60 * 60, keyPrefix: 'account-mails' }),
);

/** Whether one more mail of this kind may go to this address or account this hour (counted when it may). */
export async function mayMail(kind: 'account-exists' | 'reset' | 'verification', key: string): Promise<boolean> {
  try {
    await hourlyMails().consume(`${kind}:${key}`);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export async function renderAccountMail(
  deps: AccountMailDeps,
  mail: DeferredMail,
  now: Date,
): Promise<MailMessage | null> {
  const identity = deps.identity ?? createLocalIdentity(deps.store, deps.siteUrl);
  switch (mail.kind) {
    case 'verification': {
      const user = await deps.store.users.findById(mail.uid);
      if (!user || user.disabled || user.emailVerified) return null;
      return { to: user.email, ...verificationMail(user.displayName, await identity.verificationLink(user, now)) };
    }
    case 'password-reset': {
      const user = await deps.store.users.findByEmailWithPassword(mail.email);
      if (!user || user.disabled) return null;
      // Counted per account: every spelling of its address, from any number of clients, shares the allowance.
      if (!(await mayMail('reset', user.uid))) return null;
      return { to: user.email, ...passwordResetMail(user.displayName, await identity.resetLink(user, now)) };
    }
    case 'account-exists': {
      const address = mail.email.trim().toLowerCase();
      if (!(await mayMail('account-exists', address))) return null;
      const owner = await deps.store.users.findByEmailWithPassword(address);
      if (owner?.disabled) return null;
      return {
        to: address,
        ...accountExistsMail(
          owner?.displayName ?? '',
          `${deps.siteUrl}/auth/login`,
          `${deps.siteUrl}/auth/forgot-password`,
        ),
      };
    }
  }
}
