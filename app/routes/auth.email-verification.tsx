import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { EmailVerificationScreen, emailVerificationMeta } from '~/screens/email-verification';
import { emailVerificationAction, emailVerificationLoader } from '~/screens/email-verification.server';

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args);
export const action = (args: ActionFunctionArgs) => emailVerificationAction(args);
export const meta = emailVerificationMeta;
export default EmailVerificationScreen;
