// The school holidays by canton (issue 51, /admin/vacances): every period with its source, added, edited or deleted one
// at a time, and next year's calendar imported from a CSV (checked first, then added all at once or not at all).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { deleteHoliday, holidaysForAdmin, importHolidays, saveHoliday } from '~/.server/holidays/holidays';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readFormCheckedByUseCase, refusedAction } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { AdminTable } from '~/components/admin/AdminTable';
import { RowAction } from '~/components/admin/RowAction';
import { Link } from '~/components/Link';
import { CANTON_NAMES } from '~/domain/cantons';
import { formatCalendarDay } from '~/domain/dates';
import { pageMeta } from '~/domain/meta';
import { HolidayForm } from './HolidayForm';
import { HolidayImport } from './HolidayImport';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const holidays = await holidaysForAdmin(context.services, admin);
  // Without JavaScript, « Modifier » opens the row's period in the form (`?modifier=`).
  const editing = holidays.find((h) => h.id === new URL(request.url).searchParams.get('modifier')) ?? null;
  return { holidays, editing };
}

const text = (formData: FormData, name: string) => String(formData.get(name) ?? '');

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const deps = context.services;
  const intent = text(formData, 'intent');
  const done = async (message: string) =>
    redirect('/admin/vacances', {
      headers: { 'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message }) },
    });
  try {
    if (intent === 'save') {
      const id = text(formData, 'id');
      const saved = await saveHoliday(deps, admin, id, {
        canton: text(formData, 'canton'),
        label: text(formData, 'label'),
        firstDay: text(formData, 'firstDay'),
        lastDay: text(formData, 'lastDay'),
        sourceUrl: text(formData, 'sourceUrl'),
        confirmed: formData.get('confirmed') === 'on',
      });
      if (!saved.ok)
        return invalid(readFormCheckedByUseCase(formData), {
          errors: saved.errors,
          extra: { operation: 'save' as const },
        });
      const { canton, label } = saved.holiday;
      return done(`Période « ${label} » (${canton}) ${id ? 'enregistrée' : 'ajoutée'}.`);
    }
    if (intent === 'delete') {
      await deleteHoliday(deps, admin, text(formData, 'id'));
      return done('Période supprimée.');
    }
    if (intent === 'preview' || intent === 'import') {
      const csv = text(formData, 'csv');
      const result = await importHolidays(deps, admin, csv, intent === 'import');
      if (result.added > 0)
        return done(`${result.added} période${result.added > 1 ? 's' : ''} importée${result.added > 1 ? 's' : ''}.`);
      return data(
        { operation: 'csv' as const, csv, errors: result.errors, periods: result.periods },
        { status: result.errors.length > 0 ? 400 : 200 },
      );
    }
    throw new UseCaseError('Action inconnue : rechargez la page et réessayez.');
  } catch (error) {
    return refusedAction(error, { operation: 'action' as const });
  }
}

export default function ManageHolidaysPage() {
  const { holidays, editing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const unconfirmed = holidays.filter((h) => !h.confirmed).length;
  return (
    <AdminShell
      title="Vacances scolaires"
      lead="Les périodes de vacances de chaque canton : le filtre « Pendant les vacances scolaires » et la marque « Vacances (VD) » des dates les lisent. Une période « à confirmer » n’a pas encore été vérifiée sur une source officielle."
    >
      {result && 'message' in result ? (
        <p className="notice notice--error" role="alert">
          {result.message}
        </p>
      ) : null}
      <p>
        {holidays.length} périodes, dont {unconfirmed} à confirmer. <a href="#periode">Ajouter une période</a> ·{' '}
        <a href="#import">Importer un CSV</a>
      </p>
      <div className="admin-categories__scroll">
        <AdminTable
          className="admin-holidays"
          caption="Périodes de vacances scolaires, par canton et par date"
          columns={['Canton', 'Libellé', 'Premier jour', 'Dernier jour', 'Source', 'État', 'Actions']}
        >
          {holidays.map((h) => (
            <tr key={h.id} data-testid="holiday-row">
              <td>
                <abbr title={CANTON_NAMES[h.canton]}>{h.canton}</abbr>
              </td>
              <td>{h.label}</td>
              <td>{formatCalendarDay(h.firstDay)}</td>
              <td>{formatCalendarDay(h.lastDay)}</td>
              <td>{h.sourceUrl ? <a href={h.sourceUrl}>{new URL(h.sourceUrl).hostname}</a> : '—'}</td>
              <td>{h.confirmed ? 'Confirmée' : <span className="tag">À confirmer</span>}</td>
              <td className="admin-holidays__actions">
                <Link to={`/admin/vacances?modifier=${h.id}#periode`}>Modifier</Link>
                <RowAction row={['id', h.id]} intent="delete" className="button button--small">
                  Supprimer<span className="visually-hidden"> {`${h.label} (${h.canton}) du ${h.firstDay}`}</span>
                </RowAction>
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
      <HolidayForm
        key={editing?.id ?? 'new'}
        editing={editing}
        reply={result && 'operation' in result && result.operation === 'save' ? result : undefined}
      />
      <HolidayImport result={result && 'csv' in result ? result : undefined} />
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Vacances scolaires',
    description: 'Vacances scolaires — Agenda romand.',
    path: '/admin/vacances',
    matches,
  });
