// /admin/partners (ManagePartners): partners and donors in their public order, with a create form and, for
// ?edit=<id>, an edit form on the same page. Every button is a plain POST form, so it all works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import {
  createPartner,
  movePartner,
  type PartnerFormSubmission,
  partnersForAdmin,
  setPartnerActive,
  updatePartner,
} from '~/.server/partners/admin-partners';
import { setFlash } from '~/.server/platform/flash';
import { refusedImageMessage } from '~/.server/platform/form-body';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm, refused, refusedAction, typedText } from '~/.server/platform/refusal';
import type { RouteBodyHandle } from '~/.server/platform/request-body';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell } from '~/components/AdminShell';
import { isRefusal, keptValues } from '~/components/form/use-app-form';
import { useFormKey } from '~/components/useFormKey';
import { pageMeta } from '~/domain/meta';
import type { Partner } from '~/domain/partner';
import { partnerFormSchema } from '~/domain/partner-form';
import { PartnerEditor } from './PartnerEditor';
import { PartnerTable } from './PartnerTable';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const groups = await partnersForAdmin(context.services, admin);
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = editId ? ([...groups.partenaire, ...groups.donateur].find((p) => p.id === editId) ?? null) : null;
  return { groups, editing, editMissing: Boolean(editId && !editing) };
}

/** The logo comes as multipart (read with the event form's limits); the list's small forms are url-encoded. */
export const handle = { body: 'upload' } satisfies RouteBodyHandle;

export type Intent = 'create' | 'update' | 'up' | 'down' | 'deactivate' | 'activate';

async function logoOf(formData: FormData, values: Record<string, string>): Promise<PartnerFormSubmission['logo']> {
  const upload = formData.get('image');
  return {
    bytes: upload instanceof File && upload.size > 0 ? Buffer.from(await upload.arrayBuffer()) : null,
    error: refusedImageMessage(upload),
    pendingToken: values.pendingLogo,
    remove: formData.get('removeLogo') === 'on',
  };
}

const kindWord = (p: Partner) => (p.kind === 'donateur' ? 'Le donateur' : 'Le partenaire');

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.services);
  const formData = await guardPost(request, context, { audience: 'signed-in' });
  const deps = context.services;
  const intent = String(formData.get('intent') ?? '') as Intent;
  const id = String(formData.get('id') ?? '');
  const done = async (message: string, anchor?: string) =>
    redirect(`/admin/partners${anchor ? `#partner-${anchor}` : ''}`, {
      headers: { 'Set-Cookie': await setFlash(request, context.services, { kind: 'success', message }) },
    });
  try {
    switch (intent) {
      case 'create':
      case 'update': {
        // The use case checks the fields with the same schema, and keeps a logo sent with a refused form aside.
        const form = readForm(formData, partnerFormSchema);
        const values = typedText(form);
        const extra = { operation: intent, id, pendingLogo: values.pendingLogo ?? '' };
        let result: Awaited<ReturnType<typeof createPartner>>;
        try {
          const submission = { values, logo: await logoOf(formData, values) };
          result =
            intent === 'create'
              ? await createPartner(deps, admin, submission)
              : await updatePartner(deps, admin, id, submission);
        } catch (error) {
          return refused(form, error, { extra });
        }
        if (!result.ok)
          return invalid(form, { errors: result.errors, extra: { ...extra, pendingLogo: result.pendingLogo } });
        const { partner } = result;
        return done(
          intent === 'create'
            ? `${kindWord(partner)} « ${partner.name} » est ajouté.`
            : `${kindWord(partner)} « ${partner.name} » est enregistré.`,
          partner.id,
        );
      }
      case 'up':
      case 'down': {
        const { partner, moved } = await movePartner(deps, admin, id, intent);
        const where = intent === 'up' ? 'monte d’une place' : 'descend d’une place';
        const edge = intent === 'up' ? 'est déjà en tête de liste' : 'est déjà en fin de liste';
        return done(`« ${partner.name} » ${moved ? where : edge}.`, partner.id);
      }
      case 'deactivate':
      case 'activate': {
        const partner = await setPartnerActive(deps, admin, id, intent === 'activate');
        return done(
          partner.active
            ? `« ${partner.name} » est réactivé : il apparaît de nouveau sur le site.`
            : `« ${partner.name} » est désactivé : il n’apparaît plus sur le site.`,
          partner.id,
        );
      }
      default:
        throw new UseCaseError('Action inconnue : rechargez la page et réessayez.');
    }
  } catch (error) {
    // A row's button (move, deactivate): its refusal above the lists.
    return refusedAction(error, { operation: intent, id });
  }
}

const EMPTY_VALUES = { name: '', kind: 'partenaire', description: '', websiteUrl: '', active: 'on', pendingLogo: '' };

function valuesOf(p: Partner): Record<string, string> {
  return {
    name: p.name,
    kind: p.kind,
    description: p.description,
    websiteUrl: p.websiteUrl,
    active: p.active ? 'on' : '',
    pendingLogo: '',
  };
}

export default function ManagePartnersPage() {
  const { groups, editing, editMissing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const _location = useLocation();
  const formKey = useFormKey(result);
  const formIntent = editing ? 'update' : 'create';
  // The answer concerns this form (and not a row's button, nor another partner's edit).
  const answer =
    isRefusal(result) && result.operation === formIntent && (!editing || result.id === editing.id) ? result : null;
  const kept = keptValues(answer);
  const values: Record<string, string> =
    answer && kept ? { ...kept, pendingLogo: answer.pendingLogo } : editing ? valuesOf(editing) : EMPTY_VALUES;
  const refusal = result && !isRefusal(result) && 'message' in result ? result.message : undefined;
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === formIntent;

  return (
    <AdminShell
      title="Partenaires & donateurs"
      lead="Ils apparaissent dans cet ordre sur la page Partenaires & Donateurs et sur l’accueil ; un partenaire désactivé n’y apparaît plus."
    >
      {refusal ? (
        <p className="notice notice--error" role="alert">
          {refusal}
        </p>
      ) : null}
      {editMissing ? (
        <p className="notice notice--warning" role="alert">
          Ce partenaire n’existe pas (ou plus).
        </p>
      ) : null}
      <div className="admin-partners">
        <div className="admin-partners__lists">
          <PartnerTable kind="partenaire" partners={groups.partenaire} editingId={editing?.id} />
          <PartnerTable kind="donateur" partners={groups.donateur} editingId={editing?.id} />
        </div>
        <PartnerEditor editing={editing} values={values} answer={answer} formKey={formKey} saving={saving} />
      </div>
    </AdminShell>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Partenaires & donateurs',
    description: 'Gestion des partenaires et donateurs — Agenda romand.',
    path: '/admin/partners',
    matches,
  });
