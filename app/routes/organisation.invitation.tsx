// /organisation/invitation?token=: the link of an invitation to join an organization (decision 167), valid 7 days,
// used once. Signed in with the invited address, one button accepts; otherwise, sign in or create the account first
// (the link comes back here). The token is in the query: the answer is never cached, its value masked in the logs.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { acceptInvitation, invitationFor } from '~/.server/organizations/manage';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { getCurrentUser, loginRedirectUrl, requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get('token') ?? '').slice(0, 100);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [invitation, user] = await Promise.all([
    invitationFor(context.services, tokenOf(request)),
    getCurrentUser(request, context.services),
  ]);
  return { invitation, signedIn: user?.email ?? null, login: loginRedirectUrl(request) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  await guardPost(request, context, { audience: 'signed-in' });
  try {
    const { organizerId } = await acceptInvitation(context.services, user, tokenOf(request));
    const flash = await setFlash(request, context.services, {
      kind: 'success',
      message: 'Bienvenue\u00a0: vous êtes membre de l’organisation.',
    });
    return redirect(`/organizer/membres?id=${encodeURIComponent(organizerId)}`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
}

export default function InvitationPage() {
  const { invitation, signedIn, login } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!invitation) {
    return (
      <div className="page page--narrow">
        <h1>Invitation</h1>
        <p role="alert">Ce lien d’invitation n’est plus valable (déjà utilisé, remplacé, retiré ou expiré).</p>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <h1>{`Rejoindre «\u00a0${invitation.organizerName}\u00a0»`}</h1>
      <p>{`Vous êtes invité comme ${invitation.roleLabel.toLowerCase()}, à l’adresse ${invitation.email}.`}</p>
      {answer?.message ? (
        <p className="notice notice--error" role="alert">
          {answer.message}
        </p>
      ) : null}
      {signedIn ? (
        <Form method="post">
          <FormSecurity />
          <button type="submit" className="button button--primary">
            Accepter l’invitation
          </button>
        </Form>
      ) : (
        <p>
          <Link to={login}>Connectez-vous</Link> avec le compte de cette adresse, ou{' '}
          <Link to={login.replace('/auth/login?', '/auth/register?')}>créez-le</Link>, puis revenez à ce lien.
        </p>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Invitation',
    description: 'Rejoindre une organisation.',
    path: '/organisation/invitation',
    matches,
  });
