import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedRequest, verifiedWithCachedKey } from './signature-draft';

const ACTOR = 'https://mastodon.exemple/users/lea';
const KEY_ID = `${ACTOR}#main-key`;
const INBOX = 'https://agenda.exemple/federation/acteurs/agenda/boite';
const BODY = JSON.stringify({ id: `${ACTOR}#follows/1`, type: 'Follow', actor: ACTOR });

let keys: CryptoKeyPair;
let other: CryptoKeyPair;
let key: CryptographicKey;
const cache = (k: CryptographicKey | undefined) => (id: string) => (id === KEY_ID ? k : undefined);

/** A POST signed as Mastodon signs it (draft-cavage, Fedify's signRequest), as the inbox reads it. */
async function signed(
  options: { body?: string; url?: string; with?: CryptoKey } = {},
): Promise<SignedRequest & { headers: Record<string, string> }> {
  const url = new URL(options.url ?? INBOX);
  const request = new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/activity+json' },
    body: options.body ?? BODY,
  });
  const result = await signRequest(request, options.with ?? keys.privateKey, new URL(KEY_ID));
  const headers: Record<string, string> = {};
  result.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host = url.host;
  return { method: 'POST', pathname: url.pathname, headers, body: Buffer.from(options.body ?? BODY) };
}

beforeAll(async () => {
  keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  other = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  key = new CryptographicKey({ id: new URL(KEY_ID), owner: new URL(ACTOR), publicKey: keys.publicKey });
});

describe('signature HTTP vérifiée avec une clé déjà connue', () => {
  it('une signature draft-cavage fraîche, du corps reçu, par la clé connue : acceptée', async () => {
    const request = await signed();
    expect(request.headers.signature).toContain('headers="(request-target) content-type date digest host"');
    expect(verifiedWithCachedKey(request, cache(key))?.ownerId?.href).toBe(ACTOR);
  });

  it('une clé inconnue, une autre clé, un corps changé, une autre boîte, une date périmée : jamais acceptée ici', async () => {
    expect(verifiedWithCachedKey(await signed(), cache(undefined))).toBeNull();
    expect(verifiedWithCachedKey(await signed({ with: other.privateKey }), cache(key))).toBeNull();
    const changed = await signed();
    changed.body = Buffer.from(BODY.replace('Follow', 'Block'));
    expect(verifiedWithCachedKey(changed, cache(key))).toBeNull();
    // The digest recomputed for the new body, but the signature was over the old one.
    const redigested = await signed({ body: BODY.replace('Follow', 'Block') });
    redigested.headers.signature = (await signed()).headers.signature;
    expect(verifiedWithCachedKey(redigested, cache(key))).toBeNull();
    const elsewhere = await signed({ url: 'https://agenda.exemple/federation/boite' });
    elsewhere.pathname = '/federation/acteurs/agenda/boite';
    expect(verifiedWithCachedKey(elsewhere, cache(key))).toBeNull();
    // Read two hours later (Fedify's window is one hour), or two hours earlier.
    const hours = (n: number) => Date.now() + n * 60 * 60_000;
    expect(verifiedWithCachedKey(await signed(), cache(key), hours(2))).toBeNull();
    expect(verifiedWithCachedKey(await signed(), cache(key), hours(-2))).toBeNull();
    expect(verifiedWithCachedKey(await signed(), cache(key), hours(0.5))).not.toBeNull();
  });

  it('ce que ce chemin ne juge pas (sans empreinte du corps, RFC 9421, created) : laissé à Fedify', async () => {
    const noDigest = await signed();
    noDigest.headers.signature = noDigest.headers.signature.replace(' digest', '');
    expect(verifiedWithCachedKey(noDigest, cache(key))).toBeNull();
    const rfc9421 = await signed();
    rfc9421.headers['signature-input'] = 'sig1=("@method");keyid="x"';
    expect(verifiedWithCachedKey(rfc9421, cache(key))).toBeNull();
    const created = await signed();
    created.headers.signature = `${created.headers.signature},created=1`;
    expect(verifiedWithCachedKey(created, cache(key))).toBeNull();
    const unsigned = await signed();
    delete unsigned.headers.signature;
    expect(verifiedWithCachedKey(unsigned, cache(key))).toBeNull();
  });
});
