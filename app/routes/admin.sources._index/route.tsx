// /admin/sources: the calendar sources (iCalendar feeds) imported on a schedule, their state, and a form to add one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { categoryInfos } from '~/.server/categories/categories';
import { createSource, listSources } from '~/.server/imports/admin-sources';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { AdminShell } from '~/components/AdminShell';
import { AdminTable } from '~/components/admin/AdminTable';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { pageMeta } from '~/domain/meta';
import { sourceSchema } from '~/domain/source-form';
import { SourceForm } from './SourceForm';
import { SourceState } from './SourceState';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const { store } = context.services;
  const [sources, categories] = await Promise.all([listSources({ store }, admin), categoryInfos({ store })]);
  return {
    sources,
    categories: categories.filter((c) => c.active).map((c) => ({ slug: c.slug, label: c.label })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const submission = readForm(formData, sourceSchema);
  if (submission.status !== 'success') return invalid(submission);
  try {
    const source = await createSource(context.services, admin, submission.value);
    return redirect(`/admin/sources/${source.id}`, {
      headers: {
        'Set-Cookie': await setFlash(request, context.services, {
          kind: 'success',
          message: `La source « ${source.name} » est ajoutée\u00a0: « Importer maintenant » la lit tout de suite.`,
        }),
      },
    });
  } catch (error) {
    return refused(submission, error);
  }
}

export default function AdminSources() {
  const { sources, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AdminShell
      title="Sources de calendriers"
      lead="Les calendriers iCalendar (.ics) des lieux, communes et offices du tourisme, importés à intervalle régulier."
    >
      {sources.length === 0 ? (
        <p>Aucune source pour l’instant.</p>
      ) : (
        <AdminTable testId="sources" columns={['Source', 'État']}>
          {sources.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                <Link to={`/admin/sources/${s.id}`}>{s.name}</Link>
                {s.trusted ? ' (de confiance)' : null}
              </th>
              <td>
                <SourceState source={s} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <TitledSection id="add-source" title="Ajouter une source">
        <SourceForm
          id="source-create"
          intent="create"
          categories={categories}
          answer={answer}
          submitLabel="Ajouter la source"
        />
      </TitledSection>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sources de calendriers',
    description: 'Calendriers importés — Agenda romand.',
    path: '/admin/sources',
    matches,
  });
