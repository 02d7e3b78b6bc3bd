// /admin/sources/:id: one calendar source: « Importer maintenant » and where it stands, its run log, its settings, and
// its deletion.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { categoryInfos } from '~/.server/categories/categories';
import { deleteSource, requestSourceRun, sourceWithRuns, updateSource } from '~/.server/imports/admin-sources';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { invalid, type ParsedForm, readForm, refused } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { TitledSection } from '~/components/TitledSection';
import { runProgress } from '~/domain/import-run';
import { pageMeta } from '~/domain/meta';
import { sourceSchema } from '~/domain/source-form';
import { z } from '~/domain/zod';
import { SourceForm } from '../admin.sources._index/SourceForm';
import { SourceState } from '../admin.sources._index/SourceState';
import { RunLog } from './RunLog';
import { RunProgress } from './RunProgress';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const { store } = context.services;
  try {
    const [{ source, runs }, categories] = await Promise.all([
      sourceWithRuns({ store }, admin, params.id ?? ''),
      categoryInfos({ store }),
    ]);
    return {
      source,
      runs,
      categories: categories.filter((c) => c.active).map((c) => ({ slug: c.slug, label: c.label })),
    };
  } catch (error) {
    if (error instanceof UseCaseError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const deps = context.services;
  const id = params.id ?? '';
  const intent = String(formData.get('intent') ?? '');
  const flash = async (to: string, message: string, kind: 'success' | 'error' = 'success') =>
    redirect(to, { headers: { 'Set-Cookie': await setFlash(request, context.services, { kind, message }) } });
  // The buttons (run, delete) carry no field: their refusal is the whole form's.
  let submission: ParsedForm = readForm(formData, z.object({}));
  try {
    if (intent === 'run') {
      // The import runs in the scheduled job, never in this request: the page follows it.
      const source = await requestSourceRun(deps, admin, id);
      return flash(
        `/admin/sources/${id}`,
        source.runningSince
          ? 'Un import de cette source est en cours\u00a0: un nouvel import le suivra aussitôt.'
          : 'Import demandé\u00a0: il commence dans la minute.',
      );
    }
    if (intent === 'delete') {
      const source = await deleteSource(deps, admin, id);
      return flash('/admin/sources', `La source « ${source.name} » est supprimée (ses événements restent).`);
    }
    if (intent === 'update') {
      const form = readForm(formData, sourceSchema);
      if (form.status !== 'success') return invalid(form);
      submission = form;
      const source = await updateSource(deps, admin, id, form.value);
      return flash(`/admin/sources/${id}`, `La source « ${source.name} » est enregistrée.`);
    }
    throw new UseCaseError('Action inconnue\u00a0: rechargez la page et réessayez.');
  } catch (error) {
    return refused(submission, error);
  }
}

export default function AdminSource() {
  const { source, runs, categories } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const values = {
    name: source.name,
    url: source.url,
    category: source.category,
    canton: source.canton,
    organizerName: source.organizerName,
    intervalMinutes: String(source.intervalMinutes),
    trusted: source.trusted ? 'on' : '',
  };
  return (
    <AdminShell title={source.name} lead={source.url}>
      <p>
        <Link to="/admin/sources" className="back-link">
          ← Toutes les sources
        </Link>
      </p>
      <SourceState source={source} />
      <RunProgress progress={runProgress(source, runs)} />
      <Form method="post" className="admin-actions">
        <FormSecurity honeypot={false} />
        <button type="submit" name="intent" value="run" className="button button--primary">
          Importer maintenant
        </button>
      </Form>
      <TitledSection id="run-log" title="Journal des imports">
        <RunLog runs={runs} />
      </TitledSection>
      <TitledSection id="edit-source" title="Modifier la source">
        <SourceForm
          id="source-update"
          intent="update"
          categories={categories}
          answer={answer}
          defaultValue={values}
          submitLabel="Enregistrer"
        />
      </TitledSection>
      <TitledSection id="delete-source" title="Supprimer la source">
        <p>Son journal est effacé ; les événements qu’elle a importés restent, modérés comme les autres.</p>
        <Form method="post">
          <FormSecurity honeypot={false} />
          <button type="submit" name="intent" value="delete" className="button button--danger">
            Supprimer la source
          </button>
        </Form>
      </TitledSection>
    </AdminShell>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  pageMeta({
    title: data ? `Source « ${data.source.name} »` : 'Source',
    description: 'Source de calendrier.',
    path: `/admin/sources/${params.id}`,
    matches,
  });
