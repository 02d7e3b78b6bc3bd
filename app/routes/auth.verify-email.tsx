import type { LoaderFunctionArgs } from '@remix-run/node';
import { EmailVerificationScreen, emailVerificationMeta } from '~/screens/email-verification';
import { emailVerificationLoader } from '~/screens/email-verification.server';

export const loader = (args: LoaderFunctionArgs) => emailVerificationLoader(args);
export const meta = emailVerificationMeta;
export default EmailVerificationScreen;
