// Partners and donors (/admin/partners): create, edit, reorder, deactivate. Logos go through the events' image
// pipeline (checked by their bytes, re-encoded as WebP in three widths) and a replaced logo's files are deleted.
import type { FieldErrors } from '~/domain/forms';
import { type Partner, type PartnerKind, uploadedLogoPath, uploadedLogoUrl } from '~/domain/partner';
import { type PartnerFormInput, validatePartnerForm } from '~/domain/partner-form';
import { slugify } from '~/domain/slug';
import {
  deleteImage,
  discardPendingImage,
  ImageRejected,
  isPendingToken,
  stashPendingImage,
  storeImage,
  takePendingImage,
} from '../files/images';
import type { FileStore } from '../files/ports';
import { newId } from '../platform/ids';
import { UseCaseError } from '../platform/use-case-error';
import type { PartnerFields, Store, UserProfile } from '../ports';

export interface PartnerDeps {
  store: Store;
  files: FileStore;
}

export const PARTNER_MESSAGES = {
  forbidden: 'Action réservée aux administrateurs.',
  notFound: 'Ce partenaire n’existe pas (ou plus).',
  changed: 'La liste a changé entre-temps : voici son état actuel. Réessayez.',
} as const;

/** The logo part of a form: a file chosen now, one kept from a previous attempt, or the wish to remove it. */
export interface LogoInput {
  /** The bytes of the file chosen in this submission (null when none). */
  bytes: Buffer | null;
  /** A refusal found while reading the body (too big, a file name with a path), shown next to the field. */
  error?: string;
  /** The token of a logo kept from an attempt that came back with errors (hidden field). */
  pendingToken?: string;
  /** Edit only: take the current logo away. */
  remove?: boolean;
}

export interface PartnerFormSubmission {
  /** The form’s text values as typed (partnerFormSchema’s fields, and the logo kept aside). */
  values: Record<string, string>;
  logo: LogoInput;
}

/** Saved, or a French message per field and the token of the logo kept for the next attempt ('' if none). */
export type PartnerFormResult =
  | { ok: true; partner: Partner }
  | { ok: false; errors: FieldErrors; pendingLogo: string };

function assertAdmin(actor: UserProfile): void {
  if (actor.role !== 'admin') throw new UseCaseError(PARTNER_MESSAGES.forbidden, 'form', 403);
}

async function existing(store: Store, id: string): Promise<Partner> {
  const partner = id ? await store.partners.findById(id) : null;
  // findById also answers to a slug: only the id counts here.
  if (!partner || partner.id !== id) throw new UseCaseError(PARTNER_MESSAGES.notFound, 'form', 404);
  return partner;
}

/** Every partner, grouped by kind, each group in its public order (inactive ones included). */
export async function partnersForAdmin(
  { store }: { store: Store },
  actor: UserProfile,
): Promise<Record<PartnerKind, Partner[]>> {
  assertAdmin(actor);
  const all = await store.partners.list();
  return {
    partenaire: all.filter((p) => p.kind === 'partenaire'),
    donateur: all.filter((p) => p.kind === 'donateur'),
  };
}

/** The slug of a new partner: its name's, made unique with -2, -3… (ids count too: both open its public page). */
async function freeSlug(store: Store, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await store.partners.findById(slug))) return slug;
  }
  return `${base}-${newId(6)}`;
}

/**
 * Checks the form and the logo; when everything is valid, stores the logo (if any) and calls `save` with the
 * parsed fields and the new logo's URL. If the form is refused nothing is stored except, for convenience, the
 * original logo under a pending token; if `save` fails the new logo's files are deleted again.
 */
async function saveWithLogo(
  deps: PartnerDeps,
  actor: UserProfile,
  submission: PartnerFormSubmission,
  save: (input: PartnerFormInput, newLogo: string | null) => Promise<Partner>,
): Promise<PartnerFormResult> {
  const { logo } = submission;
  const errors: FieldErrors = {};
  let pendingLogo = isPendingToken(logo.pendingToken) ? logo.pendingToken : '';
  let bytes: Buffer | null = null;
  let fresh = false;
  if (logo.error) errors.image = logo.error;
  else if (logo.bytes && logo.bytes.length > 0) {
    bytes = logo.bytes;
    fresh = true;
  } else if (pendingLogo) {
    bytes = await takePendingImage(deps.files, actor.uid, pendingLogo);
    if (!bytes) pendingLogo = '';
  }

  const parsed = validatePartnerForm(submission.values);
  if (!parsed.ok) Object.assign(errors, parsed.errors);
  if (!parsed.ok || Object.keys(errors).length > 0) {
    // A file chosen now is checked and kept, so that it need not be chosen again.
    if (bytes && fresh && !errors.image) {
      if (pendingLogo) await discardPendingImage(deps.files, actor.uid, pendingLogo);
      try {
        pendingLogo = await stashPendingImage(deps.files, bytes, actor.uid);
      } catch (error) {
        if (!(error instanceof ImageRejected)) throw error;
        errors.image = error.message;
        pendingLogo = '';
      }
    }
    return { ok: false, errors, pendingLogo };
  }

  let stored: string | null = null;
  if (bytes) {
    try {
      stored = (await storeImage(deps.files, bytes, parsed.data.name, 'partners')).path;
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      return { ok: false, errors: { image: error.message }, pendingLogo: '' };
    }
  }
  let partner: Partner;
  try {
    partner = await save(parsed.data, stored ? uploadedLogoUrl(stored) : null);
  } catch (error) {
    if (stored) await deleteImage(deps.files, stored).catch(() => {});
    throw error;
  }
  if (pendingLogo) await discardPendingImage(deps.files, actor.uid, pendingLogo);
  return { ok: true, partner };
}

/** Adds a partner or a donor at the end of its kind; its slug comes from the name and never changes afterwards. */
export async function createPartner(
  deps: PartnerDeps,
  actor: UserProfile,
  submission: PartnerFormSubmission,
): Promise<PartnerFormResult> {
  assertAdmin(actor);
  return saveWithLogo(deps, actor, submission, async (input, newLogo) =>
    deps.store.partners.create({
      id: newId(),
      slug: await freeSlug(deps.store, input.name),
      name: input.name,
      kind: input.kind,
      description: input.description,
      logo: newLogo,
      websiteUrl: input.websiteUrl,
      active: input.active,
    }),
  );
}

/** Saves an edit; a new logo (or its removal) deletes the previous uploaded logo's files, never a static logo. */
export async function updatePartner(
  deps: PartnerDeps,
  actor: UserProfile,
  id: string,
  submission: PartnerFormSubmission,
): Promise<PartnerFormResult> {
  assertAdmin(actor);
  const current = await existing(deps.store, id);
  const result = await saveWithLogo(deps, actor, submission, async (input, newLogo) => {
    const fields: PartnerFields = {
      name: input.name,
      kind: input.kind,
      description: input.description,
      logo: newLogo ?? (submission.logo.remove ? null : current.logo),
      websiteUrl: input.websiteUrl,
      active: input.active,
    };
    const updated = await deps.store.partners.update(current.id, fields);
    if (!updated) throw new UseCaseError(PARTNER_MESSAGES.notFound, 'form', 404);
    return updated;
  });
  if (result.ok && result.partner.logo !== current.logo) {
    const old = uploadedLogoPath(current.logo);
    if (old) await deleteImage(deps.files, old);
  }
  return result;
}

/** Moves a partner one place up or down among those of its kind; false when it is already first (or last). */
export async function movePartner(
  deps: Pick<PartnerDeps, 'store'>,
  actor: UserProfile,
  id: string,
  direction: 'up' | 'down',
): Promise<{ partner: Partner; moved: boolean }> {
  assertAdmin(actor);
  const partner = await existing(deps.store, id);
  const ids = (await deps.store.partners.list()).filter((p) => p.kind === partner.kind).map((p) => p.id);
  const from = ids.indexOf(partner.id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return { partner, moved: false };
  [ids[from], ids[to]] = [ids[to], ids[from]];
  if (!(await deps.store.partners.reorder(partner.kind, ids))) {
    throw new UseCaseError(PARTNER_MESSAGES.changed, 'form', 409);
  }
  return { partner, moved: true };
}

/** Deactivating hides a partner from the public pages (its page answers 404); reactivating shows it again. */
export async function setPartnerActive(
  deps: Pick<PartnerDeps, 'store'>,
  actor: UserProfile,
  id: string,
  active: boolean,
): Promise<Partner> {
  assertAdmin(actor);
  const partner = await existing(deps.store, id);
  if (!(await deps.store.partners.setActive(partner.id, active))) {
    throw new UseCaseError(PARTNER_MESSAGES.notFound, 'form', 404);
  }
  return { ...partner, active };
}
