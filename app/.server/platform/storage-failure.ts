// When the store cannot write (decision 062): a full or read-only disk, a broken database, Firestore unreachable. The
// store and the file store are wrapped so that such a failure is one error, StorageUnavailable, with its reason in
// French; remix-express.ts turns it into a 503 page that gives the visitor back what was typed. Each use case writes in
// one transaction (or batch): a write that fails leaves nothing half-written.

/** A write (or read) the storage could not do, for a reason of the storage, not of the request. */
export class StorageUnavailable extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Le site ne peut pas enregistrer pour le moment : ${reason}`, options);
    this.name = 'StorageUnavailable';
  }
}

const FIRESTORE_UNAVAILABLE = new Set([4, 8, 13, 14]);

/** The French reason of a storage failure, or null when the error is not one (a bug, a refusal, a conflict). */
export function storageProblem(error: unknown): string | null {
  if (error instanceof StorageUnavailable) return error.reason;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = String(code ?? '');
  if (text === 'SQLITE_FULL' || text === 'ENOSPC' || text === 'EDQUOT') return 'le disque du serveur est plein.';
  if (text.startsWith('SQLITE_READONLY') || text === 'EROFS') return 'le disque du serveur est en lecture seule.';
  if (text.startsWith('SQLITE_IOERR') || text === 'EIO') return 'le disque du serveur ne répond pas correctement.';
  if (text.startsWith('SQLITE_CORRUPT') || text === 'SQLITE_NOTADB') return 'la base de données est endommagée.';
  if (text.startsWith('SQLITE_BUSY') || text.startsWith('SQLITE_LOCKED')) return 'la base de données est trop occupée.';
  if (text.startsWith('SQLITE_CANTOPEN')) return 'la base de données ne peut pas être ouverte.';
  if (typeof code === 'number' && FIRESTORE_UNAVAILABLE.has(code)) return 'le stockage des données ne répond pas.';
  if (error instanceof TypeError && message === 'The database connection is not open')
    return 'la base de données est fermée (le serveur redémarre).';
  return null;
}

/** The error as a StorageUnavailable when it is a storage failure, else null. */
export function asStorageUnavailable(error: unknown): StorageUnavailable | null {
  if (error instanceof StorageUnavailable) return error;
  const reason = storageProblem(error);
  return reason ? new StorageUnavailable(reason, { cause: error }) : null;
}

function rethrown(error: unknown): never {
  throw asStorageUnavailable(error) ?? error;
}

/** The same function, whose storage failures (thrown or rejected) become StorageUnavailable. */
function guarded<F extends (...args: never[]) => unknown>(fn: F, self: object): F {
  return function (this: unknown, ...args: Parameters<F>) {
    try {
      const result = fn.apply(self, args);
      return result instanceof Promise ? result.catch(rethrown) : result;
    } catch (error) {
      rethrown(error);
    }
  } as F;
}

/** Every method of a port (and of the ports it holds, one level down: the store's aggregates) guarded. */
export function guardStorage<T extends object>(target: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const key of Object.keys(target) as (keyof T & string)[]) {
    const value = target[key];
    if (typeof value === 'function') wrapped[key] = guarded(value as (...args: never[]) => unknown, target);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      const port: Record<string, unknown> = {};
      for (const [name, member] of Object.entries(value))
        port[name] = typeof member === 'function' ? guarded(member as (...args: never[]) => unknown, value) : member;
      wrapped[key] = port;
    } else wrapped[key] = value;
  }
  return wrapped as T;
}

// What the visitor typed, kept by the POST guard when it read the form: the 503 page gives it back.
const submitted = new WeakMap<Request, FormData>();

export function rememberSubmission(request: Request, form: FormData): void {
  submitted.set(request, form);
}

export function submittedForm(request: Request): FormData | null {
  return submitted.get(request) ?? null;
}
