// The event form screen (submit and edit): steps Quoi, Quand, Où, Prix & billets, Contact, Image on one page.
// Without JS it is a plain multipart form; with JS it checks fields as they are left and previews the image.
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { useAuthenticityToken } from 'remix-utils/csrf/react';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { ScheduleFields } from '~/components/ScheduleFields';
import { useCategories } from '~/components/useCategories';
import { useFormKey } from '~/components/useFormKey';
import { CANTON_CODES, CANTON_NAMES } from '~/domain/cantons';
import type { EventStatus } from '~/domain/event';
import { validateEventForm } from '~/domain/event-form';
import type { FieldErrors } from '~/domain/forms';
import { imageUrl } from '~/domain/images';
import { findLocality, LOCALITIES, LOCALITY_ATTRIBUTION } from '~/domain/localities';
import { valuesForMainChecks } from '~/domain/schedule-form';
import type { loader as rootLoader } from '~/root';
import type { action, loader } from './route';

const PinMap = lazy(() => import('~/components/map/PinMap.client'));

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={checked} /> {label}
    </label>
  );
}

const NEW_NOTE = 'Votre événement sera publié après une relecture par notre équipe, en général sous 24 heures.';
const ADMIN_NOTE =
  'Vous modifiez cet événement en tant qu’admin : vos changements s’appliquent tout de suite, sans autre relecture, et sont notés au journal de modération.';

/** What an edit does, status by status (the lifecycle table, in the organizer's words). */
function editNote(status: EventStatus | null, pendingRevision: boolean): string {
  switch (status) {
    case 'approved':
    case 'cancelled':
      return pendingRevision
        ? 'Vous modifiez vos changements en attente de modération. Le public voit toujours la version publiée, jusqu’à ce que notre équipe relise la nouvelle.'
        : status === 'cancelled'
          ? 'Cet événement est annoncé comme annulé\u00a0: vos changements seront relus par notre équipe avant de remplacer la version visible, qui reste affichée d’ici là.'
          : 'Cet événement est publié\u00a0: vos changements seront relus par notre équipe avant de remplacer la version publiée, qui reste visible d’ici là.';
    case 'rejected':
      return 'Cet événement a été refusé : après modification, il repassera en modération.';
    case 'withdrawn':
      return 'Cet événement est retiré : vos changements sont enregistrés, mais il ne sera ni relu ni publié tant que vous ne l’aurez pas rétabli depuis votre tableau de bord.';
    default:
      return NEW_NOTE;
  }
}

export function EventFormScreen() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const formKey = useFormKey(result);
  const values: Record<string, string> = result?.values ?? loaded.values;
  const serverErrors: FieldErrors = result?.errors ?? {};
  const [liveErrors, setLiveErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<string | null>(null);
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // Active categories, and an edited event's own one even if it has been deactivated since (the server agrees).
  const allCategories = useCategories();
  const ownCategory = loaded.mode === 'edit' ? loaded.values.category : '';
  const categories = allCategories.filter((c) => c.active || c.slug === ownCategory);
  const toCoords = (v: Record<string, string>) =>
    v.lat && v.lng && Number.isFinite(Number(v.lat)) && Number.isFinite(Number(v.lng))
      ? { lat: Number(v.lat), lng: Number(v.lng) }
      : null;
  const [coords, setCoords] = useState(toCoords(values));
  const movePin = useCallback((lat: number, lng: number) => setCoords({ lat, lng }), []);
  const [upload, setUpload] = useState<{ progress: number; token: string; error: string } | null>(null);
  const csrf = useAuthenticityToken();

  // With JS the image leaves as soon as it is chosen, with a progress bar; the form then carries its token.
  const sendImage = (file: File, input: HTMLInputElement) => {
    const body = new FormData();
    body.set('csrf', csrf);
    body.set('image', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/organizer/image-upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) =>
      e.lengthComputable && setUpload({ progress: e.loaded / e.total, token: '', error: '' });
    xhr.onload = () => {
      const answer = (xhr.response ?? {}) as { token?: string; error?: string };
      if (xhr.status === 200 && answer.token) {
        setUpload({ progress: 1, token: answer.token, error: '' });
        input.value = '';
      } else {
        setUpload({ progress: 0, token: '', error: answer.error ?? 'L’envoi de l’image a échoué. Réessayez.' });
      }
    };
    xhr.onerror = () => setUpload({ progress: 0, token: '', error: 'L’envoi de l’image a échoué. Réessayez.' });
    setUpload({ progress: 0, token: '', error: '' });
    xhr.send(body);
  };
  const form = useRef<HTMLFormElement>(null);
  // The server's answer replaces what was checked live before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server is the trigger.
  useEffect(() => {
    setLiveErrors({});
    if (result) setCoords(toCoords(result.values));
  }, [result]);
  const errors = { ...serverErrors, ...liveErrors };
  const submitting = navigation.state === 'submitting';
  const editing = loaded.mode === 'edit';

  // Inline validation: the same schema as the server, for the field just left.
  const checkField = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (!target.name || !form.current) return;
    const entries = Object.fromEntries(
      [...new FormData(form.current).entries()].filter(([, v]) => typeof v === 'string') as [string, string][],
    );
    const message = validateEventForm(
      valuesForMainChecks(entries),
      new Date(),
      categories.map((c) => c.slug),
    ).errors[target.name];
    setLiveErrors((current) => ({ ...current, [target.name]: message }));
  };

  // Picking a known town fills its canton, postal code and position.
  const onCity = (event: FormEvent<HTMLInputElement>) => {
    const place = findLocality(event.currentTarget.value);
    const f = form.current;
    if (!place || !f) return;
    const set = (name: string, value: string) => {
      const input = f.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (input && (name === 'lat' || name === 'lng' || !input.value)) input.value = value;
    };
    set('canton', place.canton);
    if (place.postalCode) set('postalCode', place.postalCode);
    setCoords({ lat: place.lat, lng: place.lng });
  };

  const hasErrors = Object.values(errors).some(Boolean);
  return (
    <div className="page page--narrow event-form">
      <header className="page-header">
        <h1>{editing ? 'Modifier un événement' : 'Ajouter un événement'}</h1>
        <p className="lead" data-testid="edit-note">
          {editing && loaded.adminEdit
            ? ADMIN_NOTE
            : editing
              ? editNote(loaded.status, loaded.pendingRevision)
              : NEW_NOTE}
        </p>
      </header>

      {result?.duplicates?.length ? (
        <div className="notice notice--warning" role="alert" data-testid="duplicate-warning">
          <p>
            <strong>Doublon possible :</strong> un événement semblable est déjà publié au même endroit à une heure
            proche :
          </p>
          <ul>
            {result.duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/evenement/${d.id}`} target="_blank">
                  {d.title}
                </Link>
              </li>
            ))}
          </ul>
          <p>S’il s’agit d’un autre événement, cochez la case en bas du formulaire et envoyez à nouveau.</p>
        </div>
      ) : null}
      {hasErrors ? (
        <p className="notice notice--error" role="alert" data-testid="form-errors">
          L’événement n’a pas été envoyé : corrigez les champs signalés. Ce que vous avez saisi est conservé.
        </p>
      ) : null}

      <Form
        key={formKey}
        ref={form}
        method="post"
        encType="multipart/form-data"
        className="form"
        noValidate
        onBlur={checkField}
      >
        <FormSecurity />
        <input type="hidden" name="submissionKey" value={loaded.submissionKey} />
        <input type="hidden" name="pendingImage" value={upload?.token || values.pendingImage || ''} />

        <fieldset className="form-step">
          <legend>1. Quoi</legend>
          <Field name="title" label="Titre" required maxLength={120} defaultValue={values.title} error={errors.title} />
          <div className={`field${errors.category ? ' field--invalid' : ''}`}>
            <label htmlFor="field-category">Catégorie</label>
            <select
              id="field-category"
              name="category"
              defaultValue={values.category ?? ''}
              aria-invalid={errors.category ? true : undefined}
            >
              <option value="">Choisir…</option>
              {categories.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.label}
                </option>
              ))}
            </select>
            {errors.category ? <p className="field__error">{errors.category}</p> : null}
          </div>
          <Field
            name="description"
            label="Description"
            multiline
            rows={7}
            required
            maxLength={5000}
            hint="Ce qui attend le public, le programme, les artistes… (20 caractères au moins)."
            defaultValue={values.description}
            error={errors.description}
          />
        </fieldset>

        <fieldset className="form-step">
          <legend>2. Quand</legend>
          <div className="form-row">
            <Field
              name="startDate"
              label="Date de début"
              type="date"
              required
              defaultValue={values.startDate}
              error={errors.startDate}
            />
            <Field
              name="startTime"
              label="Heure de début"
              type="time"
              defaultValue={values.startTime}
              error={errors.startTime}
            />
          </div>
          <div className="form-row">
            <Field
              name="endDate"
              label="Date de fin (si plusieurs jours)"
              type="date"
              defaultValue={values.endDate}
              error={errors.endDate}
            />
            <Field
              name="endTime"
              label="Heure de fin"
              type="time"
              defaultValue={values.endTime}
              error={errors.endTime}
            />
          </div>
          <Check name="allDay" label="Toute la journée (marché, foire…)" checked={values.allDay === 'on'} />
          <ScheduleFields values={values} errors={errors} />
        </fieldset>

        <fieldset className="form-step">
          <legend>3. Où</legend>
          <Field
            name="venueName"
            label="Lieu"
            required
            maxLength={120}
            hint="Salle, bâtiment, place…"
            defaultValue={values.venueName}
            error={errors.venueName}
          />
          <Field
            name="street"
            label="Rue et numéro"
            maxLength={120}
            defaultValue={values.street}
            error={errors.street}
          />
          <div className="form-row">
            <Field
              name="postalCode"
              label="NPA"
              inputMode="numeric"
              maxLength={4}
              required
              defaultValue={values.postalCode}
              error={errors.postalCode}
            />
            <Field
              name="city"
              label="Localité"
              required
              list="localities"
              autoComplete="off"
              onInput={onCity}
              defaultValue={values.city}
              error={errors.city}
            />
          </div>
          <datalist id="localities">
            {LOCALITIES.map((l) => (
              <option key={`${l.name}-${l.canton}`} value={l.name} />
            ))}
          </datalist>
          <div className={`field${errors.canton ? ' field--invalid' : ''}`}>
            <label htmlFor="field-canton">Canton</label>
            <select id="field-canton" name="canton" defaultValue={values.canton ?? ''}>
              <option value="">Choisir…</option>
              {CANTON_CODES.map((c) => (
                <option key={c} value={c}>
                  {CANTON_NAMES[c]}
                </option>
              ))}
            </select>
            {errors.canton ? <p className="field__error">{errors.canton}</p> : null}
          </div>
          <input type="hidden" name="lat" value={coords ? String(coords.lat) : ''} />
          <input type="hidden" name="lng" value={coords ? String(coords.lng) : ''} />
          {coords ? (
            <ClientOnly>
              {() => (
                <Suspense fallback={<p className="field__hint">Chargement de la carte…</p>}>
                  <p className="field__hint">Déplacez le repère pour indiquer l’endroit exact.</p>
                  <PinMap
                    lat={coords.lat}
                    lng={coords.lng}
                    config={root?.map ?? { tileUrl: '', attribution: '' }}
                    onMove={movePin}
                  />
                </Suspense>
              )}
            </ClientOnly>
          ) : null}
          <p className="field__hint">
            {LOCALITY_ATTRIBUTION}. Une localité absente de la liste est acceptée, sans point sur la carte.
          </p>
          <div className="checks">
            <Check name="wheelchair" label="Accessible en fauteuil roulant" checked={values.wheelchair === 'on'} />
            <Check name="hearing" label="Équipé pour les personnes malentendantes" checked={values.hearing === 'on'} />
            <Check
              name="familyFriendly"
              label="Adapté aux familles et aux enfants"
              checked={values.familyFriendly === 'on'}
            />
          </div>
        </fieldset>

        <fieldset className="form-step">
          <legend>4. Prix & billets</legend>
          <Check name="isFree" label="Entrée gratuite" checked={values.isFree === 'on'} />
          <div className="form-row">
            <Field
              name="priceMin"
              label="Prix dès (CHF)"
              inputMode="decimal"
              defaultValue={values.priceMin}
              error={errors.priceMin}
            />
            <Field
              name="priceMax"
              label="Prix jusqu’à (CHF)"
              inputMode="decimal"
              defaultValue={values.priceMax}
              error={errors.priceMax}
            />
          </div>
          <Field
            name="priceNote"
            label="Précision sur le prix"
            maxLength={200}
            hint="Réductions, gratuit pour les enfants…"
            defaultValue={values.priceNote}
            error={errors.priceNote}
          />
          <Field
            name="ticketUrl"
            label="Billetterie (adresse web)"
            type="url"
            defaultValue={values.ticketUrl}
            error={errors.ticketUrl}
          />
        </fieldset>

        <fieldset className="form-step">
          <legend>5. Contact</legend>
          <Field
            name="organizerName"
            label="Organisateur"
            required
            maxLength={120}
            defaultValue={values.organizerName}
            error={errors.organizerName}
          />
          <Field
            name="websiteUrl"
            label="Site web de l’événement"
            type="url"
            defaultValue={values.websiteUrl}
            error={errors.websiteUrl}
          />
          <div className="form-row">
            <Field
              name="contactEmail"
              label="Email de contact"
              type="email"
              defaultValue={values.contactEmail}
              error={errors.contactEmail}
            />
            <Field
              name="contactPhone"
              label="Téléphone"
              type="tel"
              defaultValue={values.contactPhone}
              error={errors.contactPhone}
            />
          </div>
        </fieldset>

        <fieldset className="form-step">
          <legend>6. Image</legend>
          {loaded.image && !values.pendingImage ? (
            <div className="current-image">
              <img src={imageUrl(loaded.image.path, 400)} alt={loaded.image.alt} width={200} />
              <Check name="removeImage" label="Retirer cette image" checked={false} />
            </div>
          ) : null}
          {values.pendingImage ? (
            <p className="notice notice--success" data-testid="pending-image">
              Votre image est conservée : inutile de la choisir à nouveau.
            </p>
          ) : null}
          <div className={`field${errors.image ? ' field--invalid' : ''}`}>
            <label htmlFor="field-image">
              {loaded.image || values.pendingImage ? 'Remplacer l’image' : 'Image (facultative)'}
            </label>
            <p className="field__hint">JPEG, PNG, WebP ou AVIF, 8 Mo au plus, de préférence en paysage.</p>
            <input
              id="field-image"
              type="file"
              name="image"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
                if (file) sendImage(file, e.currentTarget);
              }}
            />
            {upload && !upload.error ? (
              <progress className="upload-progress" max={1} value={upload.progress} data-testid="upload-progress">
                {Math.round(upload.progress * 100)} %
              </progress>
            ) : null}
            {upload?.token ? (
              <p className="field__hint" data-testid="upload-done">
                Image envoyée.
              </p>
            ) : null}
            {upload?.error ? (
              <p className="field__error" role="alert">
                {upload.error}
              </p>
            ) : null}
            {errors.image ? (
              <p className="field__error" role="alert" id="field-image-error">
                {errors.image}
              </p>
            ) : null}
            {preview ? (
              <img className="image-preview" src={preview} alt="Aperçu de l’image choisie" width={240} />
            ) : null}
          </div>
          <Field
            name="imageAlt"
            label="Description de l’image"
            maxLength={200}
            hint="Ce qu’on y voit, pour les personnes aveugles ou malvoyantes."
            defaultValue={values.imageAlt}
            error={errors.imageAlt}
          />
        </fieldset>

        {result?.duplicates?.length ? (
          <Check name="notDuplicate" label="Ce n’est pas un doublon : publier quand même" checked={false} />
        ) : null}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Envoi…' : editing ? 'Enregistrer les modifications' : 'Envoyer pour publication'}
        </button>
      </Form>
    </div>
  );
}
