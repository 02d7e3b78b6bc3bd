// /organizer/organisateur: an organizer account edits its organizer's profile (description, website, logo), published
// once an admin approves it (decision 095); an account that speaks for several organizers chooses which (?id=).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { readOrganizerProfileForm } from '~/.server/http/organizer-profile-form';
import { organizerProfilePage, saveOrganizerProfile } from '~/.server/places/organizer-profile';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, orErrorPage, readFormCheckedByUseCase } from '~/.server/platform/refusal';
import type { RouteBodyHandle } from '~/.server/platform/request-body';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { FormSecurity } from '~/components/FormSecurity';
import { ProfileImageFields, ProfileTextFields } from '~/components/form/ProfileTextFields';
import { firstMessages, keptValues } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';
import { PROFILE_LIMITS } from '~/domain/place';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  return orErrorPage(organizerProfilePage(context.services, user, new URL(request.url).searchParams.get('id')));
}

/** The logo comes in a multipart body: the upload limit applies (request-body.ts). */
export const handle = { body: 'upload' } satisfies RouteBodyHandle;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in' });
  const input = await readOrganizerProfileForm(form);
  try {
    const saved = await saveOrganizerProfile(context.services, user, input);
    // conform's reply (decision 078): the messages beside their fields, what was typed kept.
    if (!saved.ok) return invalid(readFormCheckedByUseCase(form), { errors: saved.errors });
    const message = `Profil de «\u00a0${saved.organizer.name}\u00a0» envoyé\u00a0: il sera publié dès qu’un administrateur l’aura relu.`;
    const flash = await setFlash(request, context.services, { kind: 'success', message });
    return redirect(`/organizer/organisateur?id=${saved.organizer.id}`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
}

export default function OrganizerProfilePage() {
  const { organizers, chosen } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = firstMessages(answer);
  const typed = keptValues(answer);
  if (!chosen) {
    return (
      <div className="page page--narrow">
        <h1>Profil d’organisateur</h1>
        <p>
          {'Votre compte ne parle encore pour aucun organisateur. Proposez-en un en ajoutant un événement (« Proposer un nouvel organisateur »), ou demandez à l’équipe de lier votre compte.'
            .replace('« ', '«\u00a0')
            .replace(' »', '\u00a0»')}
        </p>
        <Link to="/organizer/submit-event">Ajouter un événement</Link>
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>{`Profil de «\u00a0${chosen.name}\u00a0»`}</h1>
        <p className="lead">
          Ce que le public lit sur la page de l’organisateur. Vos modifications sont relues par l’équipe avant d’être
          publiées.
        </p>
        <p>
          <Link to={`/organizer/membres?id=${encodeURIComponent(chosen.id)}`}>Membres de l’organisation</Link>
        </p>
      </header>
      {organizers.length > 1 ? (
        <Form method="get" className="form form--inline">
          <label htmlFor="organizer-choice">Organisateur</label>
          <select id="organizer-choice" name="id" defaultValue={chosen.id}>
            {organizers.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            Choisir
          </button>
        </Form>
      ) : null}
      {chosen.waiting ? (
        <p className="notice" data-testid="profile-waiting">
          Un profil envoyé attend la relecture d’un administrateur ; le public voit encore le précédent.
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="form">
        <FormSecurity />
        <input type="hidden" name="organizerId" value={chosen.id} />
        <ProfileTextFields
          errors={errors}
          values={{
            description: typed?.description ?? chosen.profile.description,
            website: typed?.website ?? chosen.profile.website,
          }}
          descriptionHint={`Qui vous êtes, ce que vous organisez (${PROFILE_LIMITS.description}\u00a0caractères au plus).`}
          example="https://jeunesse-saviese.ch"
        />
        <ProfileImageFields
          name="logo"
          errors={errors}
          label="Logo"
          hint={
            <>
              {chosen.profile.logo ? `Logo actuel\u00a0: «\u00a0${chosen.profile.logo.alt}\u00a0». ` : ''}JPEG, PNG ou
              WebP.
            </>
          }
          altLabel="Description du logo"
          altHint="Pour les personnes qui ne le voient pas."
          alt={typed?.logoAlt ?? chosen.profile.logo?.alt ?? ''}
          removeLabel={chosen.profile.logo ? 'Retirer le logo' : null}
        />
        <button type="submit" className="button button--primary">
          Envoyer pour relecture
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Profil d’organisateur',
    description: 'Le profil public de votre organisation.',
    path: '/organizer/organisateur',
    matches,
  });
