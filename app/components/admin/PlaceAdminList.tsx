// The admins' list of venues or organizers (/admin/lieux, /admin/organisateurs): a search, then one card per record
// with its events, its former addresses, and plain forms to approve, rename or merge it, or undo its last merge (all
// without JavaScript; the merge's steps are MergeSteps).
import { Form } from '@remix-run/react';
import { type MergePlanView, MergeSteps, MergeUndo } from '~/components/admin/MergeSteps';
import { FormSecurity } from '~/components/FormSecurity';
import { type FormResult, firstMessages, keptValues } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import type { FieldErrors } from '~/domain/forms';

export interface PlaceRowView {
  id: string;
  slug: string;
  name: string;
  where: string;
  status: 'pending' | 'approved';
  redirectFrom: string[];
  events: number;
  accounts?: { uid: string; email: string; name: string }[];
  undo: { goneName: string; goneWhere: string; at: string; events: number } | null;
}

/** The merge under way (from the address), or its refusal to show beside the name typed. */
export interface MergeStepView {
  plan: MergePlanView | null;
  refusal: { fromId: string; target: string; message: string } | null;
}

/** The action's answer to a refused form: conform's reply, with the row (`id`) and the form (`operation`) it answers. */
export type PlaceAnswer = FormResult & { id: string; operation: string };

/** What a row reads of a refused form: which one, its messages by field, what was typed. */
interface PlaceRefusal {
  id: string;
  intent: string;
  errors: FieldErrors;
  values: Record<string, string>;
}

const refusalOf = (answer: PlaceAnswer | null): PlaceRefusal | null =>
  answer
    ? { id: answer.id, intent: answer.operation, errors: firstMessages(answer), values: keptValues(answer) ?? {} }
    : null;

interface Props {
  path: string;
  /** « lieu » or « organisateur », and its plural. */
  one: string;
  many: string;
  rows: PlaceRowView[];
  total: number;
  query: string;
  answer: PlaceAnswer | null;
  merge: MergeStepView;
}

function Message({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p className="field__error" id={id} role="alert">
      {text}
    </p>
  ) : null;
}

/** An organizer's linked accounts: each with « Retirer », and a form to link one more by its email. */
function Accounts({ row, answer }: { row: PlaceRowView; answer: PlaceRefusal | null }) {
  const key = `place-${row.id}`;
  const linking = answer?.id === row.id && answer.intent === 'link' ? answer : null;
  return (
    <div className="admin-places__accounts">
      <h3>Comptes qui parlent pour lui</h3>
      {row.accounts?.length ? (
        <ul>
          {row.accounts.map((a) => (
            <li key={a.uid}>
              {a.name} ({a.email})
              <Form method="post" preventScrollReset>
                <FormSecurity honeypot={false} />
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="email" value={a.email} />
                <button type="submit" className="button">
                  Retirer<span className="visually-hidden"> {a.email}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>Aucun compte lié.</p>
      )}
      {row.accounts?.length ? (
        <p>
          {/* Roles and removals: the organization's own page, where an admin may act as a responsable (decision 167). */}
          <Link className="admin-members-link" to={`/organizer/membres?id=${encodeURIComponent(row.id)}`}>
            Membres et rôles<span className="visually-hidden">{` de «\u00a0${row.name}\u00a0»`}</span>
          </Link>
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="admin-places__form">
        <FormSecurity honeypot={false} />
        <input type="hidden" name="intent" value="link" />
        <input type="hidden" name="id" value={row.id} />
        <div className="field">
          <label htmlFor={`${key}-email`}>Email du compte à lier</label>
          <input
            id={`${key}-email`}
            name="email"
            type="email"
            required
            defaultValue={linking?.values.email ?? ''}
            aria-invalid={linking?.errors.email ? true : undefined}
            aria-describedby={linking?.errors.email ? `${key}-email-error` : undefined}
          />
          <Message id={`${key}-email-error`} text={linking?.errors.email} />
        </div>
        <button type="submit" className="button">
          Lier ce compte
        </button>
      </Form>
    </div>
  );
}

function Row({
  row,
  path,
  query,
  one,
  answer,
  refusal,
  listId,
}: {
  row: PlaceRowView;
  path: string;
  query: string;
  one: string;
  answer: PlaceRefusal | null;
  refusal: MergeStepView['refusal'];
  listId: string;
}) {
  const mine = answer?.id === row.id ? answer : null;
  const renaming = mine?.intent === 'rename' ? mine : null;
  const merging = mine?.intent === 'merge' ? mine : null;
  const searching = refusal?.fromId === row.id ? refusal : null;
  const key = `place-${row.id}`;
  return (
    <li className="admin-places__card" id={key}>
      <h2 className="admin-places__name">
        {row.name}
        {row.status === 'pending' ? <span className="admin-places__pending">proposé</span> : null}
      </h2>
      <p className="admin-places__facts">
        {row.where ? <span>{row.where} · </span> : null}
        <span>
          {row.events} événement{row.events > 1 ? 's' : ''}
        </span>
        {' · '}
        <span className="admin-places__slug">adresse : {row.slug}</span>
        {row.redirectFrom.length > 0 ? (
          <span className="admin-places__slug"> · anciennes adresses : {row.redirectFrom.join(', ')}</span>
        ) : null}
      </p>
      <Message
        id={`${key}-form`}
        text={mine?.errors.form ?? (mine?.intent === 'unlink' ? mine.errors.email : undefined)}
      />
      <div className="admin-places__actions">
        {one === 'lieu' ? (
          <Link to={`${path}/${row.id}`} className="admin-places__edit">
            Description, site web, photo<span className="visually-hidden"> de {row.name}</span>
          </Link>
        ) : null}
        {row.status === 'pending' ? (
          <Form method="post" preventScrollReset>
            <FormSecurity honeypot={false} />
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={row.id} />
            <button type="submit" className="button">
              Approuver<span className="visually-hidden"> {row.name}</span>
            </button>
          </Form>
        ) : null}
        <details open={Boolean(renaming)}>
          <summary>Renommer</summary>
          <Form method="post" preventScrollReset className="admin-places__form">
            <FormSecurity honeypot={false} />
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={row.id} />
            <div className="field">
              <label htmlFor={`${key}-name`}>Nom</label>
              <input
                id={`${key}-name`}
                name="name"
                defaultValue={renaming?.values.name ?? row.name}
                required
                minLength={2}
                maxLength={120}
                aria-invalid={renaming?.errors.name ? true : undefined}
                aria-describedby={renaming?.errors.name ? `${key}-name-error` : undefined}
              />
              <Message id={`${key}-name-error`} text={renaming?.errors.name} />
            </div>
            <div className="field">
              <label htmlFor={`${key}-slug`}>Adresse de la page (l’ancienne y renverra)</label>
              <input
                id={`${key}-slug`}
                name="slug"
                defaultValue={renaming?.values.slug ?? row.slug}
                maxLength={80}
                aria-invalid={renaming?.errors.slug ? true : undefined}
                aria-describedby={renaming?.errors.slug ? `${key}-slug-error` : undefined}
              />
              <Message id={`${key}-slug-error`} text={renaming?.errors.slug} />
            </div>
            <button type="submit" className="button">
              Enregistrer
            </button>
          </Form>
        </details>
        <details open={Boolean(merging || searching)}>
          <summary>Fondre dans une autre fiche</summary>
          <Form method="get" action={path} className="admin-places__form">
            {query ? <input type="hidden" name="q" value={query} /> : null}
            <input type="hidden" name="fondre" value={row.id} />
            <div className="field">
              <label htmlFor={`${key}-target`}>Nom de la fiche à garder</label>
              <input
                id={`${key}-target`}
                name="cible"
                list={listId}
                defaultValue={searching?.target ?? ''}
                required
                maxLength={200}
                aria-invalid={searching || merging ? true : undefined}
                aria-describedby={`${key}-target-hint${searching || merging ? ` ${key}-target-error` : ''}`}
              />
              <p className="field__hint" id={`${key}-target-hint`}>
                Vous comparerez les deux fiches avant de confirmer. Ses événements passeront à la fiche gardée et
                l’adresse «&nbsp;{row.slug}&nbsp;» y renverra.
              </p>
              <Message id={`${key}-target-error`} text={searching?.message ?? merging?.errors.into} />
            </div>
            <button type="submit" className="button">
              Fondre {one === 'lieu' ? 'ce' : 'cet'} {one}…
            </button>
          </Form>
        </details>
      </div>
      <MergeUndo id={row.id} undo={row.undo} />
      {row.accounts ? <Accounts row={row} answer={answer} /> : null}
    </li>
  );
}

export function PlaceAdminList({ path, one, many, rows, total, query, answer, merge }: Props) {
  const listId = `${path.replace(/\W/g, '')}-slugs`;
  const refusal = refusalOf(answer);
  return (
    <>
      <Form method="get" role="search" className="admin-toolbar">
        <div className="field">
          <label htmlFor="places-q">Nom, localité ou adresse</label>
          <input id="places-q" type="search" name="q" defaultValue={query} maxLength={200} />
        </div>
        <button type="submit" className="button">
          Rechercher
        </button>
        {query ? <Link to={path}>Tout afficher</Link> : null}
      </Form>
      <p className="admin-places__count" role="status">
        {query ? `${rows.length} sur ${total} ${many}` : `${total} ${total > 1 ? many : one}`}
      </p>
      {merge.plan ? <MergeSteps path={path} one={one} query={query} plan={merge.plan} /> : null}
      <datalist id={listId}>
        {rows.map((r) => (
          <option key={r.id} value={r.where ? `${r.name} ${r.where}` : r.name} />
        ))}
      </datalist>
      <ul className="admin-places">
        {rows.map((row) => (
          <Row
            key={row.id}
            row={row}
            path={path}
            query={query}
            one={one}
            answer={refusal}
            refusal={merge.refusal}
            listId={listId}
          />
        ))}
      </ul>
    </>
  );
}
