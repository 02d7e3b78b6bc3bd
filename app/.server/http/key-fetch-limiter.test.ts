// The budget of fetches of unknown keys (decision 103): per host, for all hosts, refilled with time, in bounded memory.
import { describe, expect, it } from 'vitest';
import { createKeyFetchLimiter, signatureKeyIds } from './key-fetch-limiter';

describe('le budget des clés à chercher', () => {
  it('un hôte n’a que son budget, qui revient avec le temps ; un autre hôte a le sien', async () => {
    let now = 0;
    const limiter = createKeyFetchLimiter({ perHost: 3, overall: 100, refillMs: 60_000, now: () => now });
    const takes = async () => {
      const allowed: boolean[] = [];
      for (let i = 0; i < 5; i++) allowed.push((await limiter.take('a.exemple')).allowed);
      return allowed;
    };
    expect(await takes()).toEqual([true, true, true, false, false]);
    expect(await limiter.take('a.exemple')).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect((await limiter.take('b.exemple')).allowed).toBe(true);
    now += 20_000;
    expect(await takes()).toEqual([true, false, false, false, false]);
  });

  it('tous les hôtes ensemble ont un budget, et la mémoire ne garde qu’un nombre borné d’hôtes', async () => {
    const limiter = createKeyFetchLimiter({ perHost: 5, overall: 50, hostsKept: 100, now: () => 0 });
    const allowed: boolean[] = [];
    for (let i = 0; i < 5000; i++) allowed.push((await limiter.take(`h${i}.exemple`)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(50);
    expect(limiter.hostsKept).toBe(100);
  });

  it('lit les clés de chaque signature : draft-cavage, RFC 9421, signature ou preuve du corps', () => {
    const headers = {
      signature: 'keyId="https://a.exemple/u#k",algorithm="rsa-sha256",headers="(request-target)",signature="x"',
      'signature-input': 'sig1=("@method");created=1;keyid="https://b.exemple/k"',
    };
    const body = {
      signature: { creator: 'https://c.exemple/k' },
      proof: [{ verificationMethod: 'https://d.exemple/k' }],
    };
    expect(signatureKeyIds(headers, body)).toEqual([
      'https://a.exemple/u#k',
      'https://b.exemple/k',
      'https://c.exemple/k',
      'https://d.exemple/k',
    ]);
  });
});
