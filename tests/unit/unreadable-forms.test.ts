// A body that is not a form (JSON, plain text, a broken multipart) sent to a form's action, with a valid session:
// a French 400, never a 500 with the platform's TypeError (found by bench/fuzz-http.ts), and nothing changes.
import type { ActionFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORM_UNREADABLE } from '../../app/.server/platform/refusal';
import { createUserSession } from '../../app/.server/platform/session';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as categoriesAction } from '../../app/routes/admin.categories/route';
import { action as eventsAction } from '../../app/routes/admin.events/route';
import { action as venuesAction } from '../../app/routes/admin.lieux';
import { action as organizersAction } from '../../app/routes/admin.organisateurs';
import { action as partnersAction } from '../../app/routes/admin.partners/route';
import { action as sourcesAction } from '../../app/routes/admin.sources._index/route';
import { action as usersAction } from '../../app/routes/admin.users/route';
import { action as holidaysAction } from '../../app/routes/admin.vacances/route';
import { action as logoutAction } from '../../app/routes/auth.logout';
import { action as contactAction } from '../../app/routes/contact';
import { action as cookiesAction } from '../../app/routes/cookies';
import { action as dashboardAction } from '../../app/routes/dashboard/route';
import { storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';
let adminCookie = '';
let ip = 0;

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
  const uid = `admin-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, displayName: 'Admin des formulaires', role: 'admin' });
  adminCookie = (await createUserSession(new Request(`${SITE}/`), getServices(), uid)).split(';')[0];
});

const ACTIONS: [string, string, (args: ActionFunctionArgs) => Promise<unknown>][] = [
  ['/admin/events', 'modération', eventsAction],
  ['/admin/categories', 'catégories', categoriesAction],
  ['/admin/partners', 'partenaires', partnersAction],
  ['/admin/lieux', 'lieux', venuesAction],
  ['/admin/organisateurs', 'organisateurs', organizersAction],
  ['/admin/sources', 'sources de calendriers', sourcesAction],
  ['/admin/users', 'comptes', usersAction],
  ['/admin/vacances', 'vacances scolaires', holidaysAction],
  ['/dashboard', 'tableau de bord', dashboardAction],
  ['/cookies', 'cookies', cookiesAction],
  ['/contact', 'contact', contactAction],
  ['/auth/logout', 'déconnexion', logoutAction],
];

const BODIES: [string, string][] = [
  ['application/json', '{"intent":"approve","eventId":"x"}'],
  ['text/plain;charset=UTF-8', 'intent=delete'],
  ['multipart/form-data; boundary=sans-fin', '--sans-fin\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx'],
];

describe('corps qui ne sont pas des formulaires', () => {
  it.each(ACTIONS)('%s (%s) : 400 en français, rien ne change', async (path, _label, action) => {
    const before = JSON.stringify(await getServices().store.categories.list());
    for (const [type, body] of BODIES) {
      const request = new Request(`${SITE}${path}`, {
        method: 'POST',
        headers: { Origin: SITE, Cookie: adminCookie, 'Content-Type': type, 'X-Forwarded-For': `10.9.0.${++ip}` },
        body,
      });
      const context = loadContext(`10.9.0.${ip}`);
      const { status, data, response } = await routeAnswer(() => action({ request, params: {}, context }));
      const text = response ? await response.text() : JSON.stringify(data);
      expect({ status, text }, type).toEqual({ status: 400, text: expect.stringContaining(FORM_UNREADABLE) });
    }
    expect(JSON.stringify(await getServices().store.categories.list())).toBe(before);
  });
});
