import crypto from 'node:crypto';

const ALPHABET = '0123456789abcdefghijkmnopqrstuvwxyz';

/** A random, URL-safe identifier (about 62 bits with the default length). */
export function newId(length = 12): string {
  const bytes = crypto.randomBytes(length);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** A stable identifier derived from a key, for deterministic seeds. */
export function stableId(key: string, length = 12): string {
  const bytes = crypto.createHash('sha256').update(key).digest();
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[bytes[i] % ALPHABET.length];
  return id;
}
