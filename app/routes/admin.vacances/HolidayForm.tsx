// Add or edit one school-holiday period: what was typed comes back with a French message beside each refused field.
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { CANTON_CHOICES } from '~/components/form/choices';
import { Link } from '~/components/Link';
import type { SchoolHoliday } from '~/domain/school-holidays';
import { HOLIDAY_LABEL_MAX, HOLIDAY_SOURCE_MAX } from '~/domain/school-holidays';

interface Reply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

export function HolidayForm({ editing, reply }: { editing: SchoolHoliday | null; reply: Reply | undefined }) {
  const kept = (reply?.initialValue ?? null) as Record<string, string> | null;
  const value = (name: keyof SchoolHoliday) => (kept ? (kept[name] ?? '') : editing ? String(editing[name] ?? '') : '');
  const id = kept ? (kept.id ?? '') : (editing?.id ?? '');
  const confirmed = kept ? kept.confirmed === 'on' : (editing?.confirmed ?? true);
  const error = (name: string) => reply?.error?.[name]?.[0] ?? null;
  const field = (name: keyof SchoolHoliday, label: string, input: React.ReactNode) => (
    <div className={`field${error(name) ? ' field--error' : ''}`}>
      <label htmlFor={`holiday-${name}`}>{label}</label>
      {input}
      {error(name) ? (
        <p className="field__error" id={`holiday-${name}-error`}>
          {error(name)}
        </p>
      ) : null}
    </div>
  );
  const aria = (name: string) =>
    error(name) ? { 'aria-invalid': true, 'aria-describedby': `holiday-${name}-error` } : {};
  return (
    <section id="periode" className="card admin-holidays__form" aria-labelledby="periode-titre">
      <h2 id="periode-titre">{id ? 'Modifier la période' : 'Ajouter une période'}</h2>
      <Form method="post" className="form" preventScrollReset>
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="id" value={id} />
        {field(
          'canton',
          'Canton',
          <select id="holiday-canton" name="canton" defaultValue={value('canton') || 'VD'} {...aria('canton')}>
            {CANTON_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>,
        )}
        {field(
          'label',
          'Libellé',
          <input
            id="holiday-label"
            name="label"
            required
            maxLength={HOLIDAY_LABEL_MAX}
            defaultValue={value('label')}
            placeholder="Vacances d’automne"
            {...aria('label')}
          />,
        )}
        {field(
          'firstDay',
          'Premier jour de vacances',
          <input
            id="holiday-firstDay"
            name="firstDay"
            type="date"
            required
            defaultValue={value('firstDay')}
            {...aria('firstDay')}
          />,
        )}
        {field(
          'lastDay',
          'Dernier jour de vacances',
          <input
            id="holiday-lastDay"
            name="lastDay"
            type="date"
            required
            defaultValue={value('lastDay')}
            {...aria('lastDay')}
          />,
        )}
        {field(
          'sourceUrl',
          'Source officielle (adresse de la page ou du PDF)',
          <input
            id="holiday-sourceUrl"
            name="sourceUrl"
            type="url"
            maxLength={HOLIDAY_SOURCE_MAX}
            defaultValue={value('sourceUrl')}
            {...aria('sourceUrl')}
          />,
        )}
        <div className="field">
          <label>
            <input type="checkbox" name="confirmed" defaultChecked={confirmed} /> Confirmée par la source officielle
          </label>
        </div>
        <button type="submit" className="button button--primary">
          {id ? 'Enregistrer la période' : 'Ajouter la période'}
        </button>
        {id ? (
          <Link to="/admin/vacances" className="button">
            Annuler
          </Link>
        ) : null}
      </Form>
    </section>
  );
}
