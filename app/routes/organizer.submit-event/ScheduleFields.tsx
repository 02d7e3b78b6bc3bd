// The schedule part of the event form (decision 041, issue 33): one date, several dates, a rule or a period with
// opening hours. Plain fields, so it works without JavaScript; CSS (:has) shows only the fields of the chosen kind and
// of the chosen repeat (and hides the form's own dates for a list, which gives them), with or without JavaScript, and
// every label says what it asks in plain words. Under the fields, the dates they make (SchedulePreview). The checks are
// checkEventForm's, the browser's and the server's.
import { type ReactNode, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { type FieldMeta, SelectField, TextAreaField, TextField } from '~/components/form/Field';
import { FieldError } from '~/components/form/FieldNotes';
import { periodSameHours, SCHEDULE_KINDS } from '~/domain/schedule-form-fields';
import { MONTHLY_HINT, monthlyOptions, repeatOptions } from '~/domain/schedule-form-text';
import { WEEKDAY_LABELS, WEEKDAYS } from '~/domain/schedule-model';
import type { ScheduleSummary as Summary } from '~/domain/schedule-preview';
import type { EventFields } from './EventFieldsets';
import { lineProblemOf, previewOf, SchedulePreview, useTypedValues } from './SchedulePreview';

const shown = (meta: FieldMeta) => (typeof meta.initialValue === 'string' ? meta.initialValue : '');
/** The preview's word when the list's field already says which line it cannot read. */
const LINE_SAID_BELOW_LIST = 'Les dates paraîtront ici une fois la ligne signalée sous la liste corrigée.';

/**
 * conform's metadata as plain values, with some changed. Its fields are getters, which a spread (`{ ...meta }`) does
 * not copy: the control would lose its name (never sent) and its id (`field-undefined`, out of the summary's reach).
 */
const metaWith = (meta: FieldMeta, over: Partial<FieldMeta>): FieldMeta => ({
  name: meta.name,
  initialValue: meta.initialValue,
  errors: meta.errors,
  required: meta.required,
  minLength: meta.minLength,
  maxLength: meta.maxLength,
  pattern: meta.pattern,
  ...over,
});
/** A field whose first value is a default (every week, the same day of the month). */
const withDefault = (meta: FieldMeta, value: string): FieldMeta =>
  metaWith(meta, { initialValue: shown(meta) || value });

/** A message under a group of radios or check boxes; its id is what aria-describedby and the summary point at. */
function GroupError({ name, errors }: { name: string; errors?: string[] }) {
  return <FieldError id={`field-${name}`} message={errors?.[0]} />;
}

/** A group of choices (radios, check boxes) drawn like the rest of the form: no browser frame. */
function Group({
  legend,
  error,
  errorName,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string[];
  errorName: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={['choice-group', className].filter(Boolean).join(' ')}
      aria-describedby={error?.[0] ? `field-${errorName}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {children}
      <GroupError name={errorName} errors={error} />
    </fieldset>
  );
}

/** The days of the week as boxes to tick (`prefix` + MO…SU), the first one carrying the id the messages point at. */
function WeekdayBoxes({ fields, prefix }: { fields: EventFields; prefix: 'ruleDay' | 'periodDay' }) {
  return (
    <div className="weekday-boxes">
      {WEEKDAYS.map((d) => (
        <label key={d} className="check check--chip">
          <input
            type="checkbox"
            id={`field-${prefix}${d}`}
            name={`${prefix}${d}`}
            defaultChecked={shown(fields[`${prefix}${d}`]) === 'on'}
          />{' '}
          {WEEKDAY_LABELS[d]}
        </label>
      ))}
    </div>
  );
}

export function ScheduleFields({
  fields,
  values,
  loadedPreview,
  cancelledDates = [],
}: {
  fields: EventFields;
  values: Record<string, string>;
  /** The dates the loader's values make, read by the server: what the browser shows until it reads them itself. */
  loadedPreview: Summary | null;
  /** The series' upcoming dates already cancelled (« sam. 12 déc. · 20:00 »): shown « Annulé », not excluded. */
  cancelledDates?: string[];
}) {
  const kind = shown(fields.scheduleKind) || 'single';
  const hydrated = useHydrated();
  const anchor = useRef<HTMLDivElement>(null);
  const typed = useTypedValues(anchor);
  const preview = previewOf(typed, values, loadedPreview);
  // A line of the list it cannot read: said under the preview, which would otherwise empty in silence (issue 70).
  const current = typed ?? values;
  // Said once (issue 70): not in the preview when the field already shows its error (a form sent, or checked by the
  // browser), whose message names the same line.
  const fieldSaysIt = (fields.dateList.errors ?? []).length > 0;
  const lineProblem = (current.scheduleKind || kind) === 'dates' ? lineProblemOf(current.dateList) : null;
  const problem = lineProblem && fieldSaysIt ? LINE_SAID_BELOW_LIST : lineProblem;
  // Named after the first date once JavaScript follows it; in general words otherwise (a date typed since would
  // leave a named choice wrong).
  const months = monthlyOptions(typed ? (typed.startDate ?? '') : '', shown(fields.ruleMonthly));
  // Ticked as a new form starts (NEW_SCHEDULE_VALUES), and as it was sent: absent from an answer, it was unticked.
  const sameHours = periodSameHours({ periodSameHours: shown(fields.periodSameHours) });
  return (
    <div className="schedule" data-testid="schedule-fields" ref={anchor}>
      <Group legend="Combien de dates&#8239;?" error={fields.scheduleKind.errors} errorName="scheduleKind">
        {SCHEDULE_KINDS.map((k, i) => (
          <label key={k.value} className="check check--row">
            <input
              type="radio"
              // The first choice carries the field's id: the error summary's link leads to it.
              id={i === 0 ? 'field-scheduleKind' : undefined}
              name="scheduleKind"
              value={k.value}
              defaultChecked={kind === k.value}
            />{' '}
            {k.label}
          </label>
        ))}
      </Group>
      {hydrated ? null : (
        // Without JavaScript the preview does not follow the fields (issue 70: nothing said so): said by the choice.
        <p className="notice schedule__no-js" data-testid="schedule-no-js">
          Sans JavaScript, les champs du choix s’affichent juste en dessous, mais l’aperçu des dates ne se met à jour
          qu’avec le bouton «&nbsp;Voir les dates&nbsp;» (rien n’est envoyé).
        </p>
      )}

      <div className="schedule__part schedule__dates">
        {/* Required when this part is chosen: the list gives every date (the date fields above are hidden then). */}
        <TextAreaField
          meta={metaWith(fields.dateList, { required: true })}
          label="Les dates, une par ligne, avec leurs heures"
          hint={'Par exemple 28.11.2026 20:00-22:30 (sans heure de fin\u00a0: 28.11.2026 20:00).'}
          rows={6}
        />
      </div>

      <div className="schedule__part schedule__rule">
        <p className="field__hint">La première fois est la date de début ci-dessus, avec ses heures.</p>
        <SelectField
          meta={withDefault(fields.ruleRepeat, 'weekly-1')}
          label="Répéter"
          options={repeatOptions(shown(fields.ruleRepeat))}
        />
        <Group
          legend="Quels jours de la semaine&#8239;?"
          error={fields.ruleDayMO.errors}
          errorName="ruleDayMO"
          className="schedule__weekly"
        >
          <WeekdayBoxes fields={fields} prefix="ruleDay" />
        </Group>
        <div className="schedule__monthly">
          <SelectField
            meta={withDefault(fields.ruleMonthly, 'monthday')}
            label="Quel jour du mois&#8239;?"
            hint={typed ? undefined : MONTHLY_HINT}
            options={months}
          />
        </div>
        <div className="form-row">
          <TextField
            meta={fields.ruleUntil}
            label="Jusqu’au (dernière date)"
            type="date"
            hint="Une date de fin ou un nombre de fois."
          />
          <TextField meta={fields.ruleCount} label="ou nombre de fois" type="number" min={1} max={500} />
        </div>
        <TextField
          meta={fields.ruleExclude}
          label="Sauf les dates"
          hint={`Séparées par des virgules, par exemple 24.12, 31.12 (l’année suit la première date). Une date que le public voit déjà reste affichée «\u00a0Annulé\u00a0».${
            cancelledDates.length
              ? ` Déjà annulée${cancelledDates.length > 1 ? 's' : ''}\u00a0: ${cancelledDates.join(', ')} (à rétablir depuis le tableau de bord).`
              : ''
          }`}
        />
      </div>

      <div className="schedule__part schedule__period">
        <p className="field__hint">Du jour de début au jour de fin ci-dessus.</p>
        <label className="check check--row">
          <input
            type="checkbox"
            name="periodSameHours"
            id="field-periodSameHours"
            defaultChecked={sameHours}
            onChange={(event) => {
              const box = event.currentTarget;
              void import('./carry-hours').then(({ carryHours }) => carryHours(box));
            }}
          />{' '}
          Mêmes horaires chaque jour d’ouverture
        </label>
        <div className="schedule__same-hours">
          <Group legend="Jours d’ouverture" error={fields.periodDayMO.errors} errorName="periodDayMO">
            <WeekdayBoxes fields={fields} prefix="periodDay" />
          </Group>
          <div className="form-row form-row--times">
            <TextField meta={fields.periodOpen} label="Ouverture" type="time" />
            <TextField meta={fields.periodClose} label="Fermeture" type="time" />
          </div>
        </div>
        <div className="schedule__day-hours">
          <p className="field__hint">Les heures de chaque jour&#8239;; un jour sans heures est fermé.</p>
          {WEEKDAYS.map((d) => (
            <div className="form-row form-row--times" key={d}>
              <TextField meta={fields[`hours${d}Open`]} label={`${WEEKDAY_LABELS[d]}\u00a0: ouverture`} type="time" />
              <TextField meta={fields[`hours${d}Close`]} label={`${WEEKDAY_LABELS[d]}\u00a0: fermeture`} type="time" />
            </div>
          ))}
        </div>
        <TextField
          meta={fields.periodClosed}
          label="Jours de fermeture"
          hint="Les jours où le lieu est fermé malgré tout, par exemple 24.12, 25.12, 1.1 (l’année suit la période)."
        />
      </div>

      <SchedulePreview
        preview={kind === 'single' && !typed ? null : preview}
        interactive={typed !== null}
        problem={problem}
      />
    </div>
  );
}
