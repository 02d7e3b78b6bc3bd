// « Suivre » on an organizer's or a venue's page (issue 74, decision 173). With an account: a plain form (works without
// JavaScript) to follow, with the weekly mail if chosen, or to stop. Without one, the same words for every visitor (the
// page stays public and cached): following needs an account, and a link to sign in that comes back here.
import { Form } from '@remix-run/react';
import { FOLLOW_ACTION, type FollowKind } from '~/domain/follows';
import { FormSecurity } from '../FormSecurity';
import { Link } from '../Link';

export interface FollowState {
  following: boolean;
  mail: boolean;
}

export function FollowForm({
  kind,
  slug,
  name,
  state,
}: {
  kind: FollowKind;
  slug: string;
  name: string;
  /** The account's, or null without an account. */
  state: FollowState | null;
}) {
  const page = `/${kind === 'organisateur' ? 'organisateurs' : 'lieux'}/${slug}`;
  const what = kind === 'organisateur' ? 'un organisateur' : 'un lieu';
  return (
    <section aria-labelledby="suivre-compte" className="follow card" data-testid="follow">
      <h2 id="suivre-compte">Suivre {name}</h2>
      {state === null ? (
        <>
          <p>
            Suivre {what} demande un compte&nbsp;: ses nouveaux événements apparaissent alors dans vos favoris, et
            chaque jeudi par email si vous le souhaitez.
          </p>
          <Link className="button" to={`/auth/login?redirect=${encodeURIComponent(page)}`} data-testid="follow-login">
            Se connecter pour suivre
          </Link>
        </>
      ) : state.following ? (
        <>
          <p data-testid="follow-state">
            Vous suivez {name}&nbsp;: ses nouveaux événements apparaissent dans vos <Link to="/favoris">favoris</Link>
            {state.mail ? ', et chaque jeudi par email.' : '.'}
          </p>
          {state.mail ? null : (
            <Form method="post" action={FOLLOW_ACTION} className="follow__form">
              <FollowFields kind={kind} slug={slug} page={page} />
              <input type="hidden" name="mail" value="1" />
              <button type="submit" name="intent" value="follow" className="button button--secondary">
                Les recevoir aussi par email chaque jeudi
              </button>
            </Form>
          )}
          <Form method="post" action={FOLLOW_ACTION} className="follow__form">
            <FollowFields kind={kind} slug={slug} page={page} />
            <button type="submit" name="intent" value="unfollow" className="button button--secondary">
              Ne plus suivre
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" action={FOLLOW_ACTION} className="follow__form">
          <FollowFields kind={kind} slug={slug} page={page} />
          <label className="checkbox">
            <input type="checkbox" name="mail" value="1" /> Recevoir aussi ses nouveautés par email, chaque jeudi
          </label>
          <button type="submit" name="intent" value="follow" className="button" data-testid="follow-button">
            Suivre
          </button>
        </Form>
      )}
    </section>
  );
}

function FollowFields({ kind, slug, page }: { kind: FollowKind; slug: string; page: string }) {
  return (
    <>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="redirectTo" value={page} />
    </>
  );
}
