// /admin/lieux/:id: an admin edits a venue's description, website and photo (issue 47) and its point on the map (issue
// 70), shown at once on its page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { readVenueDetailsForm } from '~/.server/http/venue-details-form';
import { saveVenueDetails, venueDetailsPage } from '~/.server/places/venue-details';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, orErrorPage, readFormCheckedByUseCase } from '~/.server/platform/refusal';
import type { RouteBodyHandle } from '~/.server/platform/request-body';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { FormSecurity } from '~/components/FormSecurity';
import { FieldError } from '~/components/form/FieldNotes';
import { ProfileImageFields, ProfileTextFields } from '~/components/form/ProfileTextFields';
import { firstMessages, keptValues } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { VenuePointFields } from '~/components/places/VenuePointFields';
import { imageUrl } from '~/domain/images';
import { pageMeta } from '~/domain/meta';
import { PROFILE_LIMITS } from '~/domain/place';
import type { loader as rootLoader } from '~/root';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const venue = await orErrorPage(venueDetailsPage(context.services, admin, params.id ?? ''));
  const { lastMerge: _m, ...shown } = venue;
  return { venue: shown };
}

/** The photo comes in a multipart body: the upload limit applies (request-body.ts). */
export const handle = { body: 'upload' } satisfies RouteBodyHandle;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const form = await guardPost(request, context, { audience: 'signed-in' });
  const input = await readVenueDetailsForm(form, params.id ?? '');
  const saved = await orErrorPage(saveVenueDetails(context.services, admin, input, new Date()));
  // conform's reply (decision 078): the messages beside their fields, what was typed kept.
  if (!saved.ok) return invalid(readFormCheckedByUseCase(form), { errors: saved.errors });
  const message = `La fiche de «\u00a0${saved.venue.name}\u00a0» est enregistrée.`;
  const flash = await setFlash(request, context.services, { kind: 'success', message });
  return redirect(`/admin/lieux/${saved.venue.id}`, { headers: { 'Set-Cookie': flash } });
}

export default function AdminVenueDetailsPage() {
  const { venue } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = firstMessages(answer);
  const typed = keptValues(answer);
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // After a refusal, the pin where it was left; else the venue's point.
  const kept = typed?.lat && typed.lng ? { lat: Number(typed.lat), lng: Number(typed.lng) } : null;
  const point =
    kept && Number.isFinite(kept.lat) && Number.isFinite(kept.lng)
      ? kept
      : venue.lat !== null && venue.lng !== null
        ? { lat: venue.lat, lng: venue.lng }
        : null;
  return (
    <AdminShell
      title={`Fiche de «\u00a0${venue.name}\u00a0»`}
      lead={`${venue.locality} (${venue.canton}). Ce que le public lit sur la page du lieu, publié dès l’enregistrement.`}
    >
      <p>
        <Link to={`/admin/lieux?q=${encodeURIComponent(venue.name)}`}>Retour aux lieux</Link>
        {venue.status === 'approved' ? (
          <>
            {' · '}
            <Link to={`/lieux/${venue.slug}`}>Voir la page du lieu</Link>
          </>
        ) : null}
      </p>
      {venue.lat === null || venue.lng === null ? (
        // Issue 70: said plainly, where the venue is looked at.
        <p className="notice notice--warning" data-testid="venue-without-point">
          {`Ce lieu n’a pas de point sur la carte\u00a0: ses événements n’apparaissent ni sur la carte ni dans «\u00a0Autour de\u00a0». Il prend celui de sa localité («\u00a0${venue.locality}\u00a0») ou de son NPA (${venue.postalCode || 'aucun'}) dès que le répertoire des localités connaît l’un ou l’autre, ou celui que vous choisissez sous «\u00a0Point sur la carte\u00a0».`}
        </p>
      ) : null}
      <FieldError id="field-form" message={errors.form} />
      <Form method="post" encType="multipart/form-data" className="form">
        <FormSecurity honeypot={false} />
        <ProfileTextFields
          errors={errors}
          values={{ description: typed?.description ?? venue.description, website: typed?.website ?? venue.website }}
          descriptionHint={`Le lieu, ce qu’on y trouve, comment y entrer (texte simple, ${PROFILE_LIMITS.description}\u00a0caractères au plus).`}
          example="https://theatre-carouge.ch"
        />
        {venue.photo ? (
          <img src={imageUrl(venue.photo.path, 400)} alt={venue.photo.alt} width={200} className="admin-venue__photo" />
        ) : null}
        <ProfileImageFields
          name="photo"
          errors={errors}
          label={venue.photo ? 'Remplacer la photo' : 'Photo'}
          hint="JPEG, PNG ou WebP."
          altLabel="Description de la photo"
          altHint="Pour les personnes qui ne la voient pas."
          alt={typed?.photoAlt ?? venue.photo?.alt ?? ''}
          removeLabel={venue.photo ? 'Retirer la photo' : null}
        />
        <VenuePointFields
          point={point}
          locality={typed?.pointLocality ?? ''}
          errors={errors}
          map={root?.map ?? { tileUrl: '', attribution: '' }}
        />
        <button type="submit" className="button button--primary">
          Enregistrer
        </button>
      </Form>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: 'Fiche du lieu', description: 'Fiche d’un lieu — Agenda romand.', path: '/admin/lieux', matches });
