// The narrow page of an account form (sign in, registration, forgotten or new password): its title, a line on what it
// is for, then the form and its links.
import { useSearchParams } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { GoogleSignIn } from '~/components/GoogleSignIn';
import { PageHeader } from '~/components/PageHeader';
import type { GoogleSignInConfig } from '~/domain/google-sign-in';

export function AccountPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <PageHeader title={title} lead={lead} />
      {children}
    </div>
  );
}

/** The page a visitor wanted before signing in (`?redirect=`), carried through the sign-in forms. */
export function useWantedPage(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('redirect') ?? '';
}

/** Signing in with Google instead, when the Firebase backend offers it (its button needs the browser). */
export function GoogleOption({ google, redirect }: { google: GoogleSignInConfig | null; redirect: string }) {
  return google ? <ClientOnly>{() => <GoogleSignIn config={google} redirect={redirect} />}</ClientOnly> : null;
}
