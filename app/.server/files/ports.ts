// Where uploaded files live: the local disk (development, single server) or Firebase Storage (DATA_BACKEND=firestore).

/**
 * A flat key → bytes store. Keys are relative POSIX paths built only by our code,
 * e.g. `events/ab12cd34ef56-800.webp` or `pending/<token>`; never a user's file name.
 */
export interface FileStore {
  /** Writes the whole file or nothing: a reader never sees half a file. Replaces an existing key. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (e.g. `pending/`, or '' for all), with its last modification (ms since epoch). */
  list(prefix: string): Promise<{ key: string; modifiedAt: number }[]>;
}
