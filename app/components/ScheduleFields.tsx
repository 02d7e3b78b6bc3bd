// The schedule part of the event form (decision 037): one date, several dates, a rule or a period with opening hours.
// Plain fields, so it works without JavaScript; CSS (:has) shows only the fields of the chosen kind where supported.
import { WEEKDAY_LABELS, WEEKDAYS } from '~/domain/schedule';
import { SCHEDULE_KINDS } from '~/domain/schedule-form';
import { Field } from './Field';

type Values = Record<string, string | undefined>;

const NTH = [
  { value: '1', label: '1er' },
  { value: '2', label: '2e' },
  { value: '3', label: '3e' },
  { value: '4', label: '4e' },
  { value: '5', label: '5e' },
  { value: '-1', label: 'dernier' },
];

function FieldError({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`field-${name}-error`} className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

export function ScheduleFields({ values, errors }: { values: Values; errors: Record<string, string | undefined> }) {
  const kind = values.scheduleKind || 'single';
  return (
    <div className="schedule" data-testid="schedule-fields">
      <fieldset className="schedule__kinds">
        <legend>Combien de dates&#8239;?</legend>
        {SCHEDULE_KINDS.map((k) => (
          <label key={k.value} className="check">
            <input type="radio" name="scheduleKind" value={k.value} defaultChecked={kind === k.value} /> {k.label}
          </label>
        ))}
        <FieldError name="scheduleKind" error={errors.scheduleKind} />
      </fieldset>

      <fieldset className="schedule__part schedule__dates">
        <legend>Plusieurs dates</legend>
        <Field
          name="dateList"
          label="Les dates, une par ligne, avec leurs heures"
          hint="Par exemple 28.11.2026 20:00-22:30 (sans heure de fin : 28.11.2026 20:00)."
          multiline
          rows={6}
          defaultValue={values.dateList}
          error={errors.dateList}
        />
      </fieldset>

      <fieldset className="schedule__part schedule__rule">
        <legend>Une date qui se répète</legend>
        <p className="field__hint">La première fois est la date de début ci-dessus, avec ses heures.</p>
        <div className="form-row">
          <div className="field">
            <label htmlFor="field-ruleFreq">Répéter</label>
            <select id="field-ruleFreq" name="ruleFreq" defaultValue={values.ruleFreq || 'weekly'}>
              <option value="weekly">chaque semaine</option>
              <option value="monthly">chaque mois</option>
            </select>
          </div>
          <Field
            name="ruleInterval"
            label="Toutes les … semaines ou mois"
            type="number"
            min={1}
            max={12}
            defaultValue={values.ruleInterval || '1'}
            error={errors.ruleInterval}
          />
        </div>
        <fieldset>
          <legend>Les jours (chaque semaine)</legend>
          {WEEKDAYS.map((d) => (
            <label key={d} className="check">
              <input type="checkbox" name={`ruleDay${d}`} defaultChecked={values[`ruleDay${d}`] === 'on'} />{' '}
              {WEEKDAY_LABELS[d]}
            </label>
          ))}
          <FieldError name="ruleDayMO" error={errors.ruleDayMO} />
        </fieldset>
        <div className="field">
          <label htmlFor="field-ruleMonthly">Le jour (chaque mois)</label>
          <select id="field-ruleMonthly" name="ruleMonthly" defaultValue={values.ruleMonthly || 'monthday'}>
            <option value="monthday">le même jour du mois que la première fois (par exemple le 31)</option>
            {NTH.map((n) => (
              <option key={n.value} value={n.value}>
                le {n.label} jour de la semaine de la première fois dans le mois (par exemple le {n.label} dimanche)
              </option>
            ))}
          </select>
          <FieldError name="ruleMonthly" error={errors.ruleMonthly} />
        </div>
        <div className="form-row">
          <Field
            name="ruleUntil"
            label="Jusqu’au (dernière date)"
            type="date"
            defaultValue={values.ruleUntil}
            error={errors.ruleUntil}
          />
          <Field
            name="ruleCount"
            label="ou nombre de fois"
            type="number"
            min={1}
            max={500}
            defaultValue={values.ruleCount}
            error={errors.ruleCount}
          />
        </div>
        <Field
          name="ruleExclude"
          label="Sauf les dates"
          hint="Séparées par des virgules, par exemple 24.12.2026, 31.12.2026."
          defaultValue={values.ruleExclude}
          error={errors.ruleExclude}
        />
      </fieldset>

      <fieldset className="schedule__part schedule__period">
        <legend>Une période avec des heures d’ouverture</legend>
        <p className="field__hint">Du jour de début au jour de fin ci-dessus. Un jour sans heures est fermé.</p>
        {WEEKDAYS.map((d) => (
          <div className="form-row" key={d}>
            <Field
              name={`hours${d}Open`}
              label={`${WEEKDAY_LABELS[d]} : ouverture`}
              type="time"
              defaultValue={values[`hours${d}Open`]}
              error={errors[`hours${d}Open`]}
            />
            <Field
              name={`hours${d}Close`}
              label={`${WEEKDAY_LABELS[d]} : fermeture`}
              type="time"
              defaultValue={values[`hours${d}Close`]}
              error={errors[`hours${d}Close`]}
            />
          </div>
        ))}
        <Field
          name="periodClosed"
          label="Jours de fermeture"
          hint="Séparés par des virgules, par exemple 25.12.2026."
          defaultValue={values.periodClosed}
          error={errors.periodClosed}
        />
      </fieldset>
    </div>
  );
}
