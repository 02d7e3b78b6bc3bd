// The event form screen (submit and edit): steps Quoi, Quand, Où, Prix & billets, Contact, Image on one page.
// Without JS it is a plain multipart form the server answers with its messages; with JS it checks each field as it is
// left (the same reading and rules as the server: eventFormErrors, the schedule included) and, when a submission is refused, puts the focus on the
// error summary at the top, each message a link to its field.
import { Form, useActionData, useFetcher, useLoaderData, useNavigation, useRouteLoaderData } from '@remix-run/react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { ErrorSummary } from '~/components/form/ErrorSummary';
import { Checkbox, RequiredNote } from '~/components/form/Field';
import { isRefusal, keptValues, startingValues, useAppForm } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { useCategories } from '~/components/useCategories';
import { useFormKey } from '~/components/useFormKey';
// The schema's constraints, read from it at build time (made without its time-dependent rules, which give none).
import eventShape from '~/domain/event-form?schema=eventFormSchema&form-shape';
import { LOCALITY_ATTRIBUTION } from '~/domain/locality-attribution';
import { SCHEDULE_FIELDS } from '~/domain/schedule-form-fields';
import type { loader as rootLoader } from '~/root';
import {
  ContactFieldset,
  type EventFields,
  PriceFieldset,
  WhatFieldset,
  WhenFieldset,
  WhereFieldset,
} from './EventFieldsets';
import { ImageFieldset } from './ImageFieldset';
import { type ImportAnswer, ImportFromLink, isImportAnswer, useLatestAnswer } from './ImportFromLink';
import type { OrganizerChoice, VenueChoice } from './PlacePickers';
import type { action, loader } from './route';
import { ScheduleFields } from './ScheduleFields';
import type { FilledByTown } from './town-of-postal-code';

/** The fields in the page's order, for the error summary: the schema's, the schedule's after the first date's. */
const ORDER = (() => {
  const fields = [...eventShape.order];
  const after = (name: string) => fields.indexOf(name) + 1;
  fields.splice(after('endTime'), 0, ...SCHEDULE_FIELDS);
  fields.splice(after('contactPhone'), 0, 'image');
  return fields;
})();

type Coords = { lat: number; lng: number } | null;
const toCoords = (v: Record<string, string>): Coords =>
  v.lat && v.lng && Number.isFinite(Number(v.lat)) && Number.isFinite(Number(v.lng))
    ? { lat: Number(v.lat), lng: Number(v.lng) }
    : null;

function DuplicateWarning({ duplicates }: { duplicates: readonly { id: string; title: string }[] }) {
  return (
    <div className="notice notice--warning" role="alert" data-testid="duplicate-warning">
      <p>
        <strong>Doublon possible :</strong> un événement semblable est déjà publié au même endroit à une heure proche :
      </p>
      <ul>
        {duplicates.map((d) => (
          <li key={d.id}>
            <Link to={`/evenement/${d.id}`} target="_blank">
              {d.title}
            </Link>
          </li>
        ))}
      </ul>
      <p>S’il s’agit d’un autre événement, cochez la case en bas du formulaire et envoyez à nouveau.</p>
    </div>
  );
}

export function EventFormScreen() {
  const loaded = useLoaderData<typeof loader>();
  // The event form's answer: the last submission's, or a successful import's (a refused import stays in its block).
  const importer = useFetcher<typeof action>();
  const latest = useLatestAnswer(useActionData<typeof action>(), importer.data);
  const importAnswer = isImportAnswer(latest) ? latest : null;
  // A refusal of the event form: conform’s reply, with the duplicates found, the preview asked for, the image kept.
  const answer = isRefusal(latest) && 'preview' in latest ? latest : undefined;
  // An import starts the form afresh from the page's values (a new conform form: its defaults are those values).
  const imported = importAnswer?.imported ? importAnswer : null;
  const importCount = useFormKey(imported);
  // conform reads the input an answer keeps only when a form starts: each answer of the server (a refusal, the
  // « Doublon possible » step) mounts a new form, as without JavaScript (decision 055).
  const formKey = useFormKey(answer);
  const editing = loaded.mode === 'edit';
  return (
    <div className="page page--narrow event-form">
      <header className="page-header">
        <h1>{editing ? 'Modifier un événement' : 'Ajouter un événement'}</h1>
        <p className="lead" data-testid="edit-note">
          {loaded.note}
        </p>
        {loaded.copyOf ? (
          // A copy: not the event itself, and without its dates (one « Envoyer » would otherwise make a duplicate).
          <p className="notice notice--warning" role="status" data-testid="copy-note">
            Copie de «{'\u00a0'}
            {loaded.copyOf.title}
            {'\u00a0'}»{'\u00a0'}: choisissez les nouvelles dates.
          </p>
        ) : null}
        <RequiredNote />
      </header>

      {editing ? null : <ImportFromLink fetcher={importer} answer={importAnswer} />}
      <EventForm
        key={`${formKey}-${importCount}`}
        answer={answer}
        answered={answer ? formKey : 0}
        imported={imported}
        importCount={importCount}
      />
    </div>
  );
}

/** The action's refusal of the event form (not an import's answer). */
type Answer = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { preview: boolean }>;

/** The form itself, mounted afresh for each answer of the server and each import. */
function EventForm({
  answer,
  answered,
  imported,
  importCount,
}: {
  answer: Answer | undefined;
  answered: number;
  imported: ImportAnswer | null;
  importCount: number;
}) {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const values: Record<string, string> = keptValues(answer) ?? startingValues(imported) ?? loaded.values;
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // Active categories, and an edited event's own one even if it has been deactivated since (the server agrees).
  const allCategories = useCategories();
  const ownCategory = loaded.mode === 'edit' ? loaded.values.category : '';
  const categories = allCategories.filter((c) => c.active || c.slug === ownCategory);
  // The check, loaded after the page shows, reads the categories of the latest render.
  const slugs = useRef<string[]>([]);
  slugs.current = categories.map((c) => c.slug);
  // An edit may keep the start it was loaded with, even once past (the server reads the same from the store).
  const began = loaded.mode === 'edit' ? loaded.values.startDate : undefined;
  const { form, fields, attempt, formProps, summary } = useAppForm({
    id: imported ? `event-${importCount}` : 'event',
    shape: eventShape,
    lastResult: answer,
    answered,
    defaultValue: values,
    // The server's reading and checks, the schedule's included: the same fields marked, the same messages.
    check: () =>
      import('~/domain/event-form-values').then(({ eventFormErrors }) => ({
        validate: (sent) => eventFormErrors(sent, new Date(), slugs.current, began),
      })),
  });
  const [coords, setCoords] = useState(toCoords(values));
  // What the town typed last filled in: the next town typed replaces it (« La Chaux » on the way to « La Chaux-de-Fonds »
  // filled Vaud, and kept it), an unknown town takes it back; what the organizer typed or placed stays.
  const filledByTown = useRef<FilledByTown>({ pin: false });
  const movePin = useCallback((lat: number, lng: number) => {
    filledByTown.current.pin = false;
    setCoords({ lat, lng });
  }, []);
  const submitting = navigation.state === 'submitting';
  const editing = loaded.mode === 'edit';

  // Picking a known town fills its canton, postal code and position (the list loads as the field is first used).
  const onCity = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    void import('./town-of-postal-code').then((m) => m.fillFromTown(input, filledByTown.current, setCoords));
  };

  // A postcode typed before the town fills the town, its canton and its position (issue 70: « 1040 » is Echallens);
  // its code loads with the first postcode typed.
  const onPostalCode = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    void import('./town-of-postal-code').then((m) => {
      m.townOfPostalCode(input, filledByTown.current);
      m.pointOfPostalCode(input, filledByTown.current, setCoords);
    });
  };

  // A venue chosen fills the place typed (the server does the same from the record, decision 095).
  const formElement = () =>
    typeof document === 'undefined' ? null : (document.getElementById(form.id) as HTMLFormElement);
  const onPickVenue = (venue: VenueChoice | null) => {
    const f = formElement();
    if (!venue || !f) return;
    filledByTown.current = { pin: false };
    void import('./town-of-postal-code').then((m) => m.fillFromVenue(f, venue, setCoords));
  };
  const onPickOrganizer = (organizer: OrganizerChoice | null) => {
    const input = formElement()?.elements.namedItem('organizerName') as HTMLInputElement | null;
    const name = organizer ? organizer.name : loaded.places.self;
    if (name && input) input.value = name;
  };

  const eventFields = fields as EventFields;
  return (
    <>
      {answer?.duplicates?.length ? <DuplicateWarning duplicates={answer.duplicates} /> : null}
      <ErrorSummary
        errors={summary.errors}
        attempt={attempt}
        order={ORDER}
        testId="form-errors"
        title={
          answer && 'preview' in answer && answer.preview
            ? 'Aperçu des dates\u00a0: corrigez les champs signalés pour les voir. Rien n’a été envoyé.'
            : 'L’événement n’a pas été envoyé\u00a0: corrigez les champs signalés. Ce que vous avez saisi est conservé.'
        }
      />

      <Form method="post" encType="multipart/form-data" className="form" {...formProps}>
        <FormSecurity />
        <input type="hidden" name="submissionKey" value={loaded.submissionKey} />
        {/* The version the typed changes start from: sent back by a refusal, the loader's at first. */}
        {loaded.seen ? <input type="hidden" name="seen" value={answer?.seen || loaded.seen} /> : null}
        <WhatFieldset fields={eventFields} categories={categories} />
        <WhenFieldset fields={eventFields}>
          <ScheduleFields
            fields={eventFields}
            values={values}
            loadedPreview={loaded.schedulePreview}
            cancelledDates={loaded.cancelledDates}
          />
        </WhenFieldset>
        <WhereFieldset
          fields={eventFields}
          coords={coords}
          map={root?.map ?? { tileUrl: '', attribution: '' }}
          onCity={onCity}
          onPostalCode={onPostalCode}
          onMovePin={movePin}
          venues={{ groups: loaded.places.venues, current: loaded.places.venue, onPick: onPickVenue }}
        />
        <PriceFieldset fields={eventFields} />
        <ContactFieldset
          fields={eventFields}
          organizers={loaded.places.organizers}
          self={loaded.places.self}
          onPickOrganizer={onPickOrganizer}
        />
        <ImageFieldset
          fields={eventFields}
          image={loaded.image}
          pendingImage={(answer ? answer.pendingImage : values.pendingImage) ?? ''}
          error={form.allErrors.image?.[0]}
          refused={attempt > 0}
          importedPreview={imported?.imported?.image?.preview ?? null}
        />
        {answer?.duplicates?.length ? (
          <Checkbox meta={{ name: 'notDuplicate' }} label="Ce n’est pas un doublon : publier quand même" />
        ) : null}
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Envoi…' : editing ? 'Enregistrer les modifications' : 'Envoyer pour publication'}
        </button>
        <p className="field__hint form-credits">{LOCALITY_ATTRIBUTION}.</p>
      </Form>
    </>
  );
}
