// Password hashing: Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane), see
// docs/decisions/021-argon2id.md. Hashes of the earlier scheme (scrypt N=2^17) still verify, and are replaced by an
// Argon2id hash at the next successful login.
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet, Argon2id minimum. The library's default algorithm is Argon2id. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFC'), ARGON2);
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('$argon2id$')) {
    try {
      return await argon2Verify(stored, password.normalize('NFC'));
    } catch {
      return false;
    }
  }
  if (stored.startsWith('scrypt$')) return verifyLegacyScrypt(password, stored);
  return false;
}

/** True when a stored hash is not of the current scheme and parameters (replace it after a successful login). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** `scrypt$N$r$p$salt$key` (base64), the scheme used before Argon2id. */
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, keyB64] = stored.split('$');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!saltB64 || !keyB64 || !Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return false;
  if (params.N > 2 ** 20 || params.r > 16 || params.p > 16) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(saltB64, 'base64'), expected.length, {
    ...params,
    maxmem: 256 * 1024 * 1024 * params.p,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash computed once, so a login for an unknown email costs the same time as a real one. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}
