// /admin/partners (ManagePartners): partners and donors in their public order, with a create form and, for
// ?edit=<id>, an edit form on the same page. Every button is a plain POST form, so it all works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import {
  createPartner,
  movePartner,
  type PartnerFormSubmission,
  partnersForAdmin,
  setPartnerActive,
  updatePartner,
} from '~/.server/partners/admin-partners';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { refusedImageMessage } from '~/.server/platform/multipart-form';
import { invalidFields } from '~/.server/platform/refusal';
import { requireAdmin } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { AdminShell, adminLinks } from '~/components/AdminShell';
import { Field } from '~/components/Field';
import { FormSecurity } from '~/components/FormSecurity';
import { useFormKey } from '~/components/useFormKey';
import { type FieldErrors, formValues } from '~/domain/forms';
import { pageMeta } from '~/domain/meta';
import { type Partner, type PartnerKind, partnerLogoSrcSet } from '~/domain/partner';
import { PARTNER_FORM_FIELDS, PARTNER_KIND_LABELS, PARTNER_LIMITS } from '~/domain/partner-form';

export const links = adminLinks;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const groups = await partnersForAdmin(context.services.store, admin);
  const editId = new URL(request.url).searchParams.get('edit');
  const editing = editId ? ([...groups.partenaire, ...groups.donateur].find((p) => p.id === editId) ?? null) : null;
  return { groups, editing, editMissing: Boolean(editId && !editing) };
}

/** The logo comes as multipart (read with the event form's limits); the list's small forms are url-encoded. */
const bodyKind = (request: Request) =>
  (request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data') ? 'upload' : 'form';

type Intent = 'create' | 'update' | 'up' | 'down' | 'deactivate' | 'activate';

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
  const admin = await requireAdmin(request);
  const formData = await guardPost(request, context, { audience: 'signed-in', body: bodyKind(request) });
  const deps = context.services;
  const intent = String(formData.get('intent') ?? '') as Intent;
  const id = String(formData.get('id') ?? '');
  const done = async (message: string, anchor?: string) =>
    redirect(`/admin/partners${anchor ? `#partner-${anchor}` : ''}`, {
      headers: { 'Set-Cookie': await setFlash(request, { kind: 'success', message }) },
    });
  try {
    switch (intent) {
      case 'create':
      case 'update': {
        const values = formValues(formData, [...PARTNER_FORM_FIELDS, 'pendingLogo']);
        const submission = { values, logo: await logoOf(formData, values) };
        const result =
          intent === 'create'
            ? await createPartner(deps, admin, submission)
            : await updatePartner(deps, admin, id, submission);
        if (!result.ok) {
          return invalidFields(result.errors, { intent, id, values: { ...values, pendingLogo: result.pendingLogo } });
        }
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
    if (!(error instanceof UseCaseError)) throw error;
    return data(
      { intent, id, errors: { [error.field]: error.message } as FieldErrors, values: null },
      { status: error.status },
    );
  }
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Partenaires & donateurs',
    description: 'Gestion des partenaires et donateurs — Agenda romand.',
    path: '/admin/partners',
    matches,
  });

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

function siteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** One small POST form of the list (move, deactivate): the CSRF token, the intent and the partner. */
function RowAction({
  intent,
  partner,
  label,
  disabled,
}: {
  intent: Intent;
  partner: Partner;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={partner.id} />
      <button type="submit" className="button" disabled={disabled}>
        {label}
        <span className="visually-hidden"> {partner.name}</span>
      </button>
    </Form>
  );
}

function PartnerTable({ kind, partners, editingId }: { kind: PartnerKind; partners: Partner[]; editingId?: string }) {
  const title = kind === 'donateur' ? 'Donateurs' : 'Partenaires';
  return (
    <section className="admin-partners__group" aria-labelledby={`admin-partners-${kind}`}>
      <h2 id={`admin-partners-${kind}`}>
        {title} <span className="admin-partners__count">({partners.length})</span>
      </h2>
      {partners.length === 0 ? (
        <p className="admin-partners__empty">Aucun {kind === 'donateur' ? 'donateur' : 'partenaire'} pour l’instant.</p>
      ) : (
        <table className="admin-table admin-partners__table">
          <caption className="visually-hidden">{title}, dans l’ordre où ils apparaissent sur le site</caption>
          <thead>
            <tr>
              <th scope="col">Logo</th>
              <th scope="col">Nom</th>
              <th scope="col">Site web</th>
              <th scope="col">État</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {partners.map((p, index) => (
              <tr
                key={p.id}
                id={`partner-${p.id}`}
                data-testid="admin-partner-row"
                className={[
                  p.active ? '' : 'admin-partners__row--inactive',
                  p.id === editingId ? 'admin-partners__row--editing' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
              >
                <td>
                  {p.logo ? (
                    <img
                      className="admin-partners__logo"
                      src={p.logo}
                      srcSet={partnerLogoSrcSet(p.logo)}
                      sizes="96px"
                      alt={`Logo de ${p.name}`}
                      width={96}
                      height={48}
                      loading="lazy"
                    />
                  ) : (
                    <span className="admin-partners__no-logo">Sans logo</span>
                  )}
                </td>
                <th scope="row" className="admin-partners__name">
                  {p.active ? <Link to={`/partenaires/${p.id}`}>{p.name}</Link> : p.name}
                  <small>/partenaires/{p.slug}</small>
                </th>
                <td>
                  {p.websiteUrl ? (
                    <a href={p.websiteUrl} rel="noopener noreferrer">
                      {siteLabel(p.websiteUrl)}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <span className={`status-chip status-chip--${p.active ? 'approved' : 'cancelled'}`}>
                    {p.active ? 'Actif' : 'Désactivé'}
                  </span>
                </td>
                <td>
                  <div className="admin-actions admin-partners__actions">
                    <Link className="button" to={`/admin/partners?edit=${p.id}#admin-partners-form`}>
                      Modifier<span className="visually-hidden"> {p.name}</span>
                    </Link>
                    <RowAction intent="up" partner={p} label="Monter" disabled={index === 0} />
                    <RowAction intent="down" partner={p} label="Descendre" disabled={index === partners.length - 1} />
                    {p.active ? (
                      <RowAction intent="deactivate" partner={p} label="Désactiver" />
                    ) : (
                      <RowAction intent="activate" partner={p} label="Réactiver" />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function ManagePartnersPage() {
  const { groups, editing, editMissing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const formKey = useFormKey(result);
  const formIntent = editing ? 'update' : 'create';
  // The answer concerns this form (and not a row's button, nor another partner's edit).
  const mine = result?.values && result.intent === formIntent && (!editing || result.id === editing.id);
  const values: Record<string, string> =
    mine && result.values ? result.values : editing ? valuesOf(editing) : EMPTY_VALUES;
  const errors: FieldErrors = mine ? result.errors : {};
  const refusal = result && !result.values ? result.errors.form : undefined;
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

        <section
          className="admin-partners__editor"
          id="admin-partners-form"
          aria-labelledby="admin-partners-form-title"
        >
          <h2 id="admin-partners-form-title">
            {editing ? `Modifier « ${editing.name} »` : 'Ajouter un partenaire ou un donateur'}
          </h2>
          {editing ? (
            <p className="field__hint">
              Adresse publique : /partenaires/{editing.slug} (elle ne change pas, même si le nom change).
            </p>
          ) : null}
          {Object.keys(errors).length > 0 ? (
            <p className="notice notice--error" role="alert" data-testid="form-errors">
              Rien n’a été enregistré : corrigez les champs signalés. Ce que vous avez saisi est conservé.
            </p>
          ) : null}
          <Form
            key={`${location.key}-${formKey}-${editing?.id ?? 'new'}`}
            method="post"
            encType="multipart/form-data"
            className="form admin-partners__form"
            noValidate
          >
            <FormSecurity honeypot={false} />
            <input type="hidden" name="intent" value={formIntent} />
            {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
            {values.pendingLogo ? <input type="hidden" name="pendingLogo" value={values.pendingLogo} /> : null}
            <Field
              name="name"
              label="Nom"
              required
              maxLength={PARTNER_LIMITS.name}
              defaultValue={values.name}
              error={errors.name}
            />
            <div className={`field${errors.kind ? ' field--invalid' : ''}`}>
              <label htmlFor="field-kind">Type</label>
              <select
                id="field-kind"
                name="kind"
                defaultValue={values.kind}
                aria-invalid={errors.kind ? true : undefined}
                aria-describedby={errors.kind ? 'field-kind-error' : undefined}
              >
                {(Object.keys(PARTNER_KIND_LABELS) as PartnerKind[]).map((kind) => (
                  <option key={kind} value={kind}>
                    {PARTNER_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
              {errors.kind ? (
                <p id="field-kind-error" className="field__error" role="alert">
                  {errors.kind}
                </p>
              ) : null}
            </div>
            <Field
              name="description"
              label="Description"
              multiline
              rows={4}
              maxLength={PARTNER_LIMITS.description}
              hint="Quelques phrases, montrées sur la page Partenaires & Donateurs."
              defaultValue={values.description}
              error={errors.description}
            />
            <Field
              name="websiteUrl"
              label="Site web"
              type="url"
              inputMode="url"
              maxLength={PARTNER_LIMITS.websiteUrl}
              placeholder="https://"
              hint="Facultatif. Adresse complète, par exemple https://www.exemple.ch"
              defaultValue={values.websiteUrl}
              error={errors.websiteUrl}
            />
            <div className={`field${errors.image ? ' field--invalid' : ''}`}>
              {editing?.logo && !values.pendingLogo ? (
                <div className="admin-partners__current-logo">
                  <img
                    src={editing.logo}
                    srcSet={partnerLogoSrcSet(editing.logo)}
                    sizes="160px"
                    alt={`Logo actuel de ${editing.name}`}
                    width={160}
                    height={80}
                  />
                  <label className="check">
                    <input type="checkbox" name="removeLogo" defaultChecked={false} /> Retirer le logo
                  </label>
                </div>
              ) : null}
              {values.pendingLogo ? (
                <p className="notice notice--success" data-testid="pending-logo">
                  Le logo choisi est conservé : inutile de le choisir à nouveau.
                </p>
              ) : null}
              <label htmlFor="field-image">
                {editing?.logo || values.pendingLogo ? 'Remplacer le logo' : 'Logo (facultatif)'}
              </label>
              <p id="field-image-hint" className="field__hint">
                JPEG, PNG, WebP ou AVIF, 8 Mo au plus ; un PNG à fond transparent convient le mieux.
              </p>
              <input
                id="field-image"
                type="file"
                name="image"
                accept="image/jpeg,image/png,image/webp,image/avif"
                aria-invalid={errors.image ? true : undefined}
                aria-describedby={errors.image ? 'field-image-hint field-image-error' : 'field-image-hint'}
              />
              {errors.image ? (
                <p id="field-image-error" className="field__error" role="alert">
                  {errors.image}
                </p>
              ) : null}
            </div>
            <label className="check">
              <input type="checkbox" name="active" defaultChecked={values.active === 'on'} /> Actif : visible sur le
              site
            </label>
            {errors.form ? (
              <p className="field__error" role="alert">
                {errors.form}
              </p>
            ) : null}
            <div className="admin-actions">
              <button type="submit" className="button button--primary" disabled={saving}>
                {saving ? 'Enregistrement…' : editing ? 'Enregistrer les modifications' : 'Ajouter'}
              </button>
              {editing ? (
                <Link to="/admin/partners" className="button">
                  Annuler
                </Link>
              ) : null}
            </div>
          </Form>
        </section>
      </div>
    </AdminShell>
  );
}
