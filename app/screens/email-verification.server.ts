import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { AccountError, accountDeps, resendVerification, verifyEmail } from '~/.server/accounts';
import { getConfig } from '~/.server/config';
import { setFlash } from '~/.server/flash';
import { getMailer } from '~/.server/mail/mailer';
import { type AppContext, protectForm } from '~/.server/security';
import { getCurrentUser } from '~/.server/session';
import { getStore } from '~/.server/store';

const deps = () => accountDeps(getStore(), getMailer(), getConfig().SITE_URL);

/** With ?token= (the link of the mail): verify, then continue to the site root (SPEC §7). */
export async function emailVerificationLoader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (token) {
    const verified = token.length < 200 ? await verifyEmail(deps(), token) : null;
    const flash = verified
      ? { kind: 'success' as const, message: `Merci ! L’adresse ${verified.email} est vérifiée.` }
      : { kind: 'error' as const, message: 'Ce lien de vérification n’est plus valable. Demandez-en un nouveau.' };
    return redirect(verified ? '/' : '/auth/verify-email', { headers: { 'Set-Cookie': await setFlash(flash) } });
  }
  const user = await getCurrentUser(request);
  return { loggedIn: Boolean(user), verified: user?.emailVerified ?? false, email: user?.email ?? null };
}

/** Resend: refused with SPEC's messages when nobody is logged in or the email is already verified. */
export async function emailVerificationAction({ request, context }: ActionFunctionArgs) {
  await protectForm(request, context as AppContext, { bucket: 'auth' });
  try {
    await resendVerification(deps(), await getCurrentUser(request));
  } catch (error) {
    if (error instanceof AccountError) return data({ ok: false as const, message: error.message }, { status: 400 });
    throw error;
  }
  return { ok: true as const, message: 'Un nouvel email de vérification vient de partir.' };
}
