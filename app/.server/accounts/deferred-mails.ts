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

/** At most a few « vous avez déjà un compte » per address and hour: registering someone's address is not a way to
 * flood their mailbox. */
const existingOwnerMails = once(() => createLimiter({ points: 3, duration: 60 * 60, keyPrefix: 'account-exists' }));

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
      return { to: user.email, ...passwordResetMail(user.displayName, await identity.resetLink(user, now)) };
    }
    case 'account-exists': {
      const address = mail.email.trim().toLowerCase();
      try {
        await existingOwnerMails().consume(address);
      } catch (error) {
        if (error instanceof RateLimiterRes) return null;
        throw error;
      }
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
