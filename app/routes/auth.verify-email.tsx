import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { keepRetryAfter } from '~/.server/security';
import { EmailVerificationScreen, emailVerificationMeta } from '~/screens/email-verification';
import { emailVerificationAction, emailVerificationLoader } from '~/screens/email-verification.server';

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args);
export const action = (args: ActionFunctionArgs) => emailVerificationAction(args);
export const headers = keepRetryAfter;
export const meta = emailVerificationMeta;
export default EmailVerificationScreen;
