// Next year's calendar as CSV (docs/vacances-scolaires.md): « Vérifier » shows what would be added or each refused line,
// « Importer » adds every period or none; the text stays in the field either way.
import { Form } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { formatCalendarDay } from '~/domain/dates';
import type { SchoolHolidayFields } from '~/domain/school-holidays';

interface CsvResult {
  csv: string;
  errors: string[];
  periods: SchoolHolidayFields[];
}

export function HolidayImport({ result }: { result: CsvResult | undefined }) {
  return (
    <section id="import" className="card admin-holidays__import" aria-labelledby="import-titre">
      <h2 id="import-titre">Importer le calendrier d’une année</h2>
      <p>
        Collez le contenu d’un fichier CSV (32 Ko au plus) dont la première ligne est{' '}
        <code>canton,libelle,debut,fin,source</code>, puis une période par ligne (dates AAAA-MM-JJ, premier et dernier
        jour de vacances compris ; canton GE, VD, VS, NE, FR, JU ou BE pour le Jura bernois). Une période avec sa source
        est importée comme confirmée. Si une seule ligne est refusée, rien n’est importé.
      </p>
      {result && result.errors.length > 0 ? (
        <div className="notice notice--error" role="alert" data-testid="import-errors">
          <p>Rien n’a été importé :</p>
          <ul>
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {result && result.errors.length === 0 && result.periods.length > 0 ? (
        <div className="notice" role="status" data-testid="import-preview">
          <p>
            {result.periods.length} période{result.periods.length > 1 ? 's' : ''} prête
            {result.periods.length > 1 ? 's' : ''} à importer :
          </p>
          <ul>
            {result.periods.map((p) => (
              <li key={`${p.canton}-${p.firstDay}`}>
                {p.canton} · {p.label} · du {formatCalendarDay(p.firstDay)} au {formatCalendarDay(p.lastDay)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="form" preventScrollReset>
        <FormSecurity honeypot={false} />
        <div className="field">
          <label htmlFor="holiday-csv">Contenu du fichier CSV</label>
          <textarea id="holiday-csv" name="csv" rows={8} required defaultValue={result?.csv ?? ''} spellCheck={false} />
        </div>
        <div className="admin-holidays__buttons">
          <button type="submit" name="intent" value="preview" className="button">
            Vérifier
          </button>
          <button type="submit" name="intent" value="import" className="button button--primary">
            Importer
          </button>
        </div>
      </Form>
    </section>
  );
}
