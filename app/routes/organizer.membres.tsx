// /organizer/membres: an organization's people (issue 73, decision 167). Every member sees who belongs to it and may
// leave; a responsable invites by email, changes roles, removes. Plain forms: all of it works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import {
  inviteMember,
  organizationPage,
  removeMember,
  revokeInvitation,
  setMemberRole,
} from '~/.server/organizations/manage';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { orErrorPage } from '~/.server/platform/refusal';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { pageMeta } from '~/domain/meta';
import { MEMBER_ROLES, ROLE_LABELS } from '~/domain/organization';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const url = new URL(request.url);
  const page = await orErrorPage(organizationPage(context.services, user, url.searchParams.get('id')));
  // « Retirer » and « Quitter » first ask (a page of its own, `?retirer=` the account): a link, so it works without
  // JavaScript. Anyone may leave; only a responsable removes someone else.
  const wanted = url.searchParams.get('retirer');
  const removing = page.chosen?.members.find((m) => m.uid === wanted && (m.you || page.chosen?.manages));
  return { ...page, removing: removing ? { uid: removing.uid, name: removing.name, you: removing.you } : null };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').slice(0, 300);

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  const intent = new URL(request.url).searchParams.get('intent');
  // Invitations send a mail: rate-limited like the other forms that do.
  const form = await guardPost(request, context, {
    audience: 'signed-in',
    ...(intent === 'inviter' ? { rate: { bucket: 'invitation' } } : {}),
  });
  const organizerId = text(form, 'organizerId');
  const services = context.services;
  try {
    let message: string;
    if (intent === 'inviter') {
      const sent = await inviteMember({ ...services, siteUrl: services.config.SITE_URL }, user, {
        organizerId,
        email: text(form, 'email'),
        role: text(form, 'role'),
      });
      message = `Invitation envoyée à ${sent.email}\u00a0: le lien est valable 7 jours.`;
    } else if (intent === 'retirer-invitation') {
      const email = text(form, 'email');
      await revokeInvitation(services, user, { organizerId, email });
      message = `Invitation à ${email} retirée\u00a0: son lien n’est plus valable.`;
    } else if (intent === 'role') {
      await setMemberRole(services, user, { organizerId, uid: text(form, 'uid'), role: text(form, 'role') });
      message = 'Rôle changé.';
    } else if (intent === 'retirer') {
      const uid = text(form, 'uid');
      // Removed or leaving only from the confirmation (its second submit): a first post asks first.
      if (form.get('confirme') !== 'oui')
        return redirect(`/organizer/membres?id=${encodeURIComponent(organizerId)}&retirer=${encodeURIComponent(uid)}`);
      await removeMember(services, user, { organizerId, uid });
      if (uid === user.uid) {
        const flash = await setFlash(request, services, {
          kind: 'success',
          message: 'Vous avez quitté l’organisation.',
        });
        return redirect('/dashboard', { headers: { 'Set-Cookie': flash } });
      }
      message = 'Membre retiré\u00a0: il n’a plus accès aux événements de l’organisation, un email le lui dit.';
    } else throw new UseCaseError('Action inconnue.', 'form', 400);
    const flash = await setFlash(request, services, { kind: 'success', message });
    return redirect(`/organizer/membres?id=${encodeURIComponent(organizerId)}`, { headers: { 'Set-Cookie': flash } });
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    // The message beside the form, what was typed kept.
    return data(
      { message: error.message, field: error.field, email: text(form, 'email'), role: text(form, 'role') },
      { status: error.status },
    );
  }
}

export default function OrganizationMembersPage() {
  const { organizations, chosen, removing } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (!chosen) {
    return (
      <div className="page page--narrow">
        <h1>Membres de l’organisation</h1>
        <p>Votre compte n’est membre d’aucune organisation. Un responsable peut vous inviter par email.</p>
      </div>
    );
  }
  const post = (intent: string) => `/organizer/membres?id=${encodeURIComponent(chosen.id)}&intent=${intent}`;
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>{`Membres de «\u00a0${chosen.name}\u00a0»`}</h1>
        <p className="lead">Chaque membre soumet et modifie les événements publiés au nom de l’organisation.</p>
      </header>
      {organizations.length > 1 ? (
        <Form method="get" className="form form--inline">
          <label htmlFor="organization-choice">Organisation</label>
          <select id="organization-choice" name="id" defaultValue={chosen.id}>
            {organizations.map((o) => (
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
      {answer?.message ? (
        <p className="notice notice--error" role="alert">
          {answer.message}
        </p>
      ) : null}
      {removing ? (
        <section className="notice" aria-labelledby="confirm-removal" data-testid="confirm-removal">
          <h2 id="confirm-removal">
            {removing.you
              ? `Quitter «\u00a0${chosen.name}\u00a0»\u00a0?`
              : `Retirer ${removing.name} de l’organisation\u00a0?`}
          </h2>
          <p>
            {removing.you
              ? 'Vous n’aurez plus accès aux événements de l’organisation ni à leurs inscriptions\u00a0; ceux que vous avez proposés en son nom lui restent. Pour revenir, il faudra une nouvelle invitation.'
              : 'Cette personne n’aura plus accès aux événements de l’organisation ni à leurs inscriptions\u00a0; ceux qu’elle a proposés en son nom restent à l’organisation. Un email l’en avertit.'}
          </p>
          <Form method="post" action={post('retirer')} className="form form--inline">
            <FormSecurity />
            <input type="hidden" name="organizerId" value={chosen.id} />
            <input type="hidden" name="uid" value={removing.uid} />
            <input type="hidden" name="confirme" value="oui" />
            <button type="submit" className="button button--primary">
              {removing.you ? 'Oui, quitter l’organisation' : `Oui, retirer ${removing.name}`}
            </button>
            <Link to={`/organizer/membres?id=${encodeURIComponent(chosen.id)}`} className="button">
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}
      <ul className="members" data-testid="members">
        {chosen.members.map((m) => (
          <li key={m.uid}>
            <strong>{m.name}</strong> {m.email ? `(${m.email}) ` : ''}— {m.roleLabel}
            {m.you ? ' (vous)' : ''}
            {chosen.manages && !m.you ? (
              <Form method="post" action={post('role')} className="form form--inline">
                <FormSecurity />
                <input type="hidden" name="organizerId" value={chosen.id} />
                <input type="hidden" name="uid" value={m.uid} />
                <input type="hidden" name="role" value={m.role === 'responsable' ? 'membre' : 'responsable'} />
                <button type="submit" className="button">
                  {m.role === 'responsable' ? 'Rendre membre' : 'Nommer responsable'}
                </button>
              </Form>
            ) : null}
            {m.you || chosen.manages ? (
              <Link
                to={`/organizer/membres?id=${encodeURIComponent(chosen.id)}&retirer=${encodeURIComponent(m.uid)}`}
                className="button"
              >
                {m.you ? 'Quitter l’organisation' : 'Retirer'}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {chosen.manages ? (
        <>
          <h2>Inviter quelqu’un</h2>
          <Form method="post" action={post('inviter')} className="form">
            <FormSecurity />
            <input type="hidden" name="organizerId" value={chosen.id} />
            <label htmlFor="invite-email">Adresse email</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={answer?.email ?? ''}
              aria-invalid={answer?.field === 'email' ? true : undefined}
            />
            <label htmlFor="invite-role">Rôle</label>
            <select id="invite-role" name="role" defaultValue={answer?.role || 'membre'}>
              {MEMBER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            <button type="submit" className="button button--primary">
              Envoyer l’invitation
            </button>
          </Form>
          {chosen.invitations.length > 0 ? (
            <>
              <h2>Invitations en attente</h2>
              <ul data-testid="invitations">
                {chosen.invitations.map((i) => (
                  <li key={i.email}>
                    {i.email} — {i.roleLabel}, jusqu’au{' '}
                    {new Date(i.expiresAt).toLocaleDateString('fr-CH', { timeZone: 'Europe/Zurich' })}
                    <Form method="post" action={post('retirer-invitation')} className="form form--inline">
                      <FormSecurity />
                      <input type="hidden" name="organizerId" value={chosen.id} />
                      <input type="hidden" name="email" value={i.email} />
                      <button type="submit" className="button" aria-label={`Retirer l’invitation de ${i.email}`}>
                        Retirer l’invitation
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Membres de l’organisation',
    description: 'Les personnes qui gèrent les événements de votre organisation.',
    path: '/organizer/membres',
    matches,
  });
