import { expect, test } from '@playwright/test';

test.describe('en-têtes HTTP du serveur de production', () => {
  test('les pages HTML ont une CSP avec nonce, sans x-powered-by', async ({ request }) => {
    const first = await request.get('/');
    const second = await request.get('/');
    const csp = first.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
    const nonce = (header: string) => header.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce(second.headers()['content-security-policy'])).not.toBe(nonce(csp));
    expect(await first.text()).toContain(`nonce="${nonce(csp)}"`);
    expect(first.headers()['x-powered-by']).toBeUndefined();
    expect(first.headers()['x-content-type-options']).toBe('nosniff');
    expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('les fichiers /assets sont immuables pour un an et compressés', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await request.get(asset!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers()['content-encoding']).toBe('gzip');
  });

  test('les pages HTML ne vont jamais dans un cache partagé (elles portent un jeton CSRF)', async ({ request }) => {
    const anonymous = await request.get('/about');
    expect(anonymous.headers()['cache-control']).toBe('private, no-cache');
  });
});
