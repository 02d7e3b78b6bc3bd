// `__session` lives as long as the session it carries (issue 68: 400 days for a 30-day session): 30 days from its last
// extension, sent again when a request extends the session (once an hour at most); without a session (a choice of
// cookies made without JavaScript), the longest a browser keeps a cookie.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserSession, SESSION_IDLE_TIMEOUT_MS } from '../../app/.server/platform/session';
import { serializeVisitor } from '../../app/.server/platform/visitor';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as rootLoader } from '../../app/root';
import { storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';

const SITE = 'http://localhost';
const maxAgeOf = (setCookie: string | null) => Number(/Max-Age=(\d+)/.exec(setCookie ?? '')?.[1] ?? Number.NaN);

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});
afterEach(() => vi.useRealTimers());

async function rootCookie(cookie: string): Promise<string | null> {
  const answer = (await rootLoader({
    request: new Request(`${SITE}/`, { headers: { Cookie: cookie } }),
    params: {},
    context: loadContext(),
  })) as unknown as { init: ResponseInit | null; data: { user: unknown } };
  expect(answer.data.user).not.toBeNull();
  return new Headers(answer.init?.headers).get('Set-Cookie');
}

describe('la durée du cookie __session', () => {
  it('celle de la session, renvoyée quand une requête la prolonge ; sans session, la plus longue', async () => {
    const uid = `duree-${Math.random().toString(36).slice(2, 8)}`;
    await storeUser(getServices().store, { uid, displayName: 'Durée' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const signedIn = await createUserSession(new Request(`${SITE}/`), getServices(), uid);
    expect(maxAgeOf(signedIn)).toBe(SESSION_IDLE_TIMEOUT_MS / 1000);
    const cookie = signedIn.split(';')[0];
    // Within the hour, the session is not extended: nothing sent again.
    expect(await rootCookie(cookie)).toBeNull();
    // Two hours later, the request extends the session: the cookie is sent again, 30 days from now.
    vi.setSystemTime(start + 2 * 60 * 60 * 1000);
    const extended = await rootCookie(cookie);
    expect(maxAgeOf(extended)).toBe(SESSION_IDLE_TIMEOUT_MS / 1000);
    // A choice of cookies alone: the longest a browser keeps one (400 days).
    const choice = await serializeVisitor(getServices(), {
      k: { a: false, m: false, f: true, d: new Date(start).toISOString() },
    });
    expect(maxAgeOf(choice)).toBe(400 * 24 * 60 * 60);
  });
});
