// Where uploaded files live. The disk adapter serves development and single-server deployments;
// a Firebase Storage adapter will implement the same port later.

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
}
