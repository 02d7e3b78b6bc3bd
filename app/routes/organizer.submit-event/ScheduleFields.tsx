// The schedule part of the event form (decision 041): one date, several dates, a rule or a period with opening hours.
// Plain fields, so it works without JavaScript; CSS (:has) shows only the fields of the chosen kind where supported
// (and hides the form's own dates and times for a list, which gives them). Fed by conform's metadata like the other
// sections; the checks are checkEventForm's, the browser's and the server's.
import { type FieldMeta, SelectField, TextAreaField, TextField } from '~/components/form/Field';
import { FieldError } from '~/components/form/FieldNotes';
import { WEEKDAY_LABELS, WEEKDAYS } from '~/domain/schedule';
import { SCHEDULE_KINDS } from '~/domain/schedule-form';
import type { EventFields } from './EventFieldsets';

const NTH = [
  { value: '1', label: '1er' },
  { value: '2', label: '2e' },
  { value: '3', label: '3e' },
  { value: '4', label: '4e' },
  { value: '5', label: '5e' },
  { value: '-1', label: 'dernier' },
];
const MONTHLY_OPTIONS = [
  { value: 'monthday', label: 'le même jour du mois que la première fois (par exemple le 31)' },
  ...NTH.map((n) => ({
    value: n.value,
    label: `le ${n.label} jour de la semaine de la première fois dans le mois (par exemple le ${n.label} dimanche)`,
  })),
];
const FREQ_OPTIONS = [
  { value: 'weekly', label: 'chaque semaine' },
  { value: 'monthly', label: 'chaque mois' },
];

const shown = (meta: FieldMeta) => (typeof meta.initialValue === 'string' ? meta.initialValue : '');
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
/** A field whose first value is a default (the interval 1, weekly, the same day of the month). */
const withDefault = (meta: FieldMeta, value: string): FieldMeta =>
  metaWith(meta, { initialValue: shown(meta) || value });

/** A message under a group of radios or check boxes; its id is what aria-describedby and the summary point at. */
function GroupError({ name, errors }: { name: string; errors?: string[] }) {
  return <FieldError id={`field-${name}`} message={errors?.[0]} />;
}

export function ScheduleFields({ fields }: { fields: EventFields }) {
  const kind = shown(fields.scheduleKind) || 'single';
  const kindError = fields.scheduleKind.errors?.[0];
  const daysError = fields.ruleDayMO.errors?.[0];
  return (
    <div className="schedule" data-testid="schedule-fields">
      <fieldset className="schedule__kinds" aria-describedby={kindError ? 'field-scheduleKind-error' : undefined}>
        <legend>Combien de dates&#8239;?</legend>
        {SCHEDULE_KINDS.map((k, i) => (
          <label key={k.value} className="check">
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
        <GroupError name="scheduleKind" errors={fields.scheduleKind.errors} />
      </fieldset>

      <fieldset className="schedule__part schedule__dates">
        <legend>Plusieurs dates</legend>
        {/* Required when this part is chosen: the list gives every date (the date fields above are hidden then). */}
        <TextAreaField
          meta={metaWith(fields.dateList, { required: true })}
          label="Les dates, une par ligne, avec leurs heures"
          hint={'Par exemple 28.11.2026 20:00-22:30 (sans heure de fin\u00a0: 28.11.2026 20:00).'}
          rows={6}
        />
      </fieldset>

      <fieldset className="schedule__part schedule__rule">
        <legend>Une date qui se répète</legend>
        <p className="field__hint">La première fois est la date de début ci-dessus, avec ses heures.</p>
        <div className="form-row">
          <SelectField meta={withDefault(fields.ruleFreq, 'weekly')} label="Répéter" options={FREQ_OPTIONS} />
          <TextField
            meta={withDefault(fields.ruleInterval, '1')}
            label="Toutes les … semaines ou mois"
            type="number"
            min={1}
            max={12}
          />
        </div>
        <fieldset aria-describedby={daysError ? 'field-ruleDayMO-error' : undefined}>
          <legend>Les jours (chaque semaine)</legend>
          {WEEKDAYS.map((d) => (
            <label key={d} className="check">
              <input
                type="checkbox"
                id={`field-ruleDay${d}`}
                name={`ruleDay${d}`}
                defaultChecked={shown(fields[`ruleDay${d}`]) === 'on'}
              />{' '}
              {WEEKDAY_LABELS[d]}
            </label>
          ))}
          <GroupError name="ruleDayMO" errors={fields.ruleDayMO.errors} />
        </fieldset>
        <SelectField
          meta={withDefault(fields.ruleMonthly, 'monthday')}
          label="Le jour (chaque mois)"
          options={MONTHLY_OPTIONS}
        />
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
          hint="Séparées par des virgules, par exemple 24.12.2026, 31.12.2026."
        />
      </fieldset>

      <fieldset className="schedule__part schedule__period">
        <legend>Une période avec des heures d’ouverture</legend>
        <p className="field__hint">Du jour de début au jour de fin ci-dessus. Un jour sans heures est fermé.</p>
        {WEEKDAYS.map((d) => (
          <div className="form-row" key={d}>
            <TextField meta={fields[`hours${d}Open`]} label={`${WEEKDAY_LABELS[d]}\u00a0: ouverture`} type="time" />
            <TextField meta={fields[`hours${d}Close`]} label={`${WEEKDAY_LABELS[d]}\u00a0: fermeture`} type="time" />
          </div>
        ))}
        <TextField
          meta={fields.periodClosed}
          label="Jours de fermeture"
          hint="Séparés par des virgules, par exemple 25.12.2026."
        />
      </fieldset>
    </div>
  );
}
