// The admins' use cases of /admin/sources: list, add, edit, delete a source, ask for a run, read its log.
import { DEFAULT_SOURCE_INTERVAL, type SourceFormInput } from '~/domain/source-form';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import { type FetchText, unreachableAddress } from '../platform/safe-fetch';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import type { ImportRun, ImportSource } from './ports';
import { type ImportLimitsConfig, KEEP_RUNS } from './run-import';

export interface SourcesDeps {
  store: Store;
  fetchText: FetchText;
  now?: () => Date;
  config?: ImportLimitsConfig & Partial<Pick<Config, 'IMPORT_ALLOW_LOOPBACK'>>;
}

/** A source the fetcher would refuse at every run (http, a private address) is refused at save (issue 68). */
async function checkAddressReachable(deps: SourcesDeps, url: string): Promise<void> {
  const problem = await unreachableAddress(url, { allowLoopback: deps.config?.IMPORT_ALLOW_LOOPBACK === true });
  if (problem) throw new UseCaseError(problem, 'url');
}

const NOT_FOUND = 'Cette source n’existe pas (ou plus).';

function requireAdminUser(user: UserProfile) {
  if (user.role !== 'admin') throw new UseCaseError('Réservé aux administrateurs.', 'form', 403);
}

export async function listSources({ store }: { store: Store }, user: UserProfile): Promise<ImportSource[]> {
  requireAdminUser(user);
  return store.imports.listSources();
}

export async function sourceWithRuns(
  { store }: { store: Store },
  user: UserProfile,
  id: string,
): Promise<{ source: ImportSource; runs: ImportRun[] }> {
  requireAdminUser(user);
  const source = await store.imports.findSource(id);
  if (!source) throw new UseCaseError(NOT_FOUND, 'form', 404);
  return { source, runs: await store.imports.runs(id, KEEP_RUNS) };
}

async function checkCategory(store: Store, slug: string) {
  const category = await store.categories.findBySlug(slug);
  if (!category?.active) throw new UseCaseError('Choisissez une catégorie de la liste.', 'category');
}

/** The same calendar under two sources would import each of its events twice: one source per address. */
async function checkAddressFree(store: Store, url: string, self: string | null) {
  const same = (a: string) => a.trim().replace(/\/+$/, '').toLowerCase();
  const other = (await store.imports.listSources()).find((s) => s.id !== self && same(s.url) === same(url));
  if (other)
    throw new UseCaseError(`Ce calendrier est déjà importé par la source «\u00a0${other.name}\u00a0».`, 'url', 409);
}

const fieldsOf = (input: SourceFormInput) => ({
  name: input.name,
  url: input.url,
  category: input.category,
  canton: input.canton,
  organizerName: input.organizerName,
  intervalMinutes: Number(input.intervalMinutes) || DEFAULT_SOURCE_INTERVAL,
  trusted: input.trusted === 'on' || input.trusted === 'true',
});

/** Adds a source; it belongs to this admin (its events too, decision 045) and runs at the next tick. */
export async function createSource(
  deps: SourcesDeps,
  user: UserProfile,
  input: SourceFormInput,
): Promise<ImportSource> {
  requireAdminUser(user);
  await checkCategory(deps.store, input.category);
  await checkAddressFree(deps.store, input.url, null);
  await checkAddressReachable(deps, input.url);
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  const source: ImportSource = {
    id: newId(),
    ...fieldsOf(input),
    createdBy: user.uid,
    createdAt: now,
    updatedAt: now,
    state: 'new',
    consecutiveFailures: 0,
    lastRunAt: null,
    nextRunAt: now,
    lastError: '',
    etag: null,
    lastModified: null,
  };
  await deps.store.imports.saveSource(source);
  return source;
}

/** Edits a source; a new address is read in full at once (its validators are dropped) and its failures forgotten. */
export async function updateSource(
  deps: SourcesDeps,
  user: UserProfile,
  id: string,
  input: SourceFormInput,
): Promise<ImportSource> {
  requireAdminUser(user);
  const current = await deps.store.imports.findSource(id);
  if (!current) throw new UseCaseError(NOT_FOUND, 'form', 404);
  await checkCategory(deps.store, input.category);
  await checkAddressFree(deps.store, input.url, id);
  await checkAddressReachable(deps, input.url);
  const now = (deps.now ? deps.now() : new Date()).toISOString();
  const fields = fieldsOf(input);
  const moved = fields.url !== current.url;
  const source: ImportSource = {
    ...current,
    ...fields,
    // An admin who edits a flagged source takes it over: it runs again at the next tick.
    ...(moved || current.state === 'failing'
      ? {
          etag: null,
          lastModified: null,
          consecutiveFailures: 0,
          nextRunAt: now,
          state: current.state === 'failing' ? 'new' : current.state,
        }
      : {}),
    createdBy: (await deps.store.users.findById(current.createdBy)) ? current.createdBy : user.uid,
    updatedAt: now,
  };
  await deps.store.imports.saveSource(source);
  return source;
}

/** Deletes a source and its log; the events it imported stay (moderated as any other). */
export async function deleteSource(deps: SourcesDeps, user: UserProfile, id: string): Promise<ImportSource> {
  requireAdminUser(user);
  const source = await deps.store.imports.findSource(id);
  if (!source || !(await deps.store.imports.deleteSource(id))) throw new UseCaseError(NOT_FOUND, 'form', 404);
  return source;
}

/**
 * « Importer maintenant »: asks for a run, which the scheduled job `sources` does within its minute (decision 058),
 * never this request. Asking again while it waits changes nothing; while it runs, another run follows it.
 */
export async function requestSourceRun(deps: SourcesDeps, user: UserProfile, id: string): Promise<ImportSource> {
  requireAdminUser(user);
  const at = (deps.now ? deps.now() : new Date()).toISOString();
  const source = await deps.store.imports.requestRun(id, at);
  if (!source) throw new UseCaseError(NOT_FOUND, 'form', 404);
  return source;
}
