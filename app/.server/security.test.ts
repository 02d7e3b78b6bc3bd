import { describe, expect, it } from 'vitest';
import { checkOrigin, rateLimit } from './security';

async function statusOf(promise: Promise<unknown> | (() => void)): Promise<number | null> {
  try {
    if (typeof promise === 'function') promise();
    else await promise;
    return null;
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status ?? -1;
  }
}

describe('protection des formulaires', () => {
  it('refuse une requête venue d’un autre site', async () => {
    const from = (headers: Record<string, string>) =>
      new Request('http://agenda.test/contact', { method: 'POST', headers: { Host: 'agenda.test', ...headers } });
    expect(await statusOf(() => checkOrigin(from({ Origin: 'http://agenda.test' })))).toBeNull();
    expect(await statusOf(() => checkOrigin(from({ Origin: 'https://evil.example' })))).toBe(403);
    expect(await statusOf(() => checkOrigin(from({ Origin: 'null' })))).toBe(403);
    expect(await statusOf(() => checkOrigin(from({ 'Sec-Fetch-Site': 'cross-site' })))).toBe(403);
  });

  it('répond 429 au-delà de la limite par minute et par IP, sans gêner les autres IP', async () => {
    // The test environment allows 3 POSTs per minute.
    for (let i = 0; i < 3; i++) expect(await statusOf(rateLimit({ clientIp: '203.0.113.7' }, 'contact'))).toBeNull();
    expect(await statusOf(rateLimit({ clientIp: '203.0.113.7' }, 'contact'))).toBe(429);
    expect(await statusOf(rateLimit({ clientIp: '203.0.113.8' }, 'contact'))).toBeNull();
  });
});
