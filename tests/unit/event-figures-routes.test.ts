// What organizers see of their events (issue 74, decision 171), through the routes as the server runs them: the page
// views' beacon and the links' clicks counted, then read on /evenement/{id}/chiffres. 40 visits read « 40 », 3 calendar
// adds « moins de 5 »; the organizer's own visits, an admin's, a robot's and a visitor's without consent count nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as adminLoader } from '../../app/routes/admin._index/route';
import { action as clickAction } from '../../app/routes/analytics.clic';
import { action as pageViewAction } from '../../app/routes/analytics.pageview';
import { loader as figuresLoader } from '../../app/routes/evenement.$id_.chiffres';
import { makeEvent, storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { signedIn } from '../support/signed-in';

const SITE = 'http://localhost';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
let ip = 0;

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin', 'User-Agent': CHROME, ...headers },
    body,
  });
}

const visit = (eventId: string, headers: Record<string, string> = {}) =>
  routeAnswer(() =>
    pageViewAction({
      request: post(
        '/analytics/pageview',
        JSON.stringify({ path: `/evenement/${eventId}`, title: 'x', analytics: true }),
        headers,
      ),
      context: loadContext(`10.7.0.${++ip % 250}`),
      params: {},
    }),
  );

/** A click with JavaScript (a beacon saying the browser's choice), or without (the link's ping, body `PING`). */
const click = (eventId: string, kind: string, ping = false, headers: Record<string, string> = {}) =>
  routeAnswer(() =>
    clickAction({
      request: post(
        `/analytics/clic?evenement=${eventId}&quoi=${kind}`,
        ping ? 'PING' : JSON.stringify({ analytics: true }),
        ping ? { 'Content-Type': 'text/ping', ...headers } : headers,
      ),
      context: loadContext(`10.8.0.${++ip % 250}`),
      params: {},
    }),
  );

async function figures(eventId: string, cookie: string) {
  const request = new Request(`${SITE}/evenement/${eventId}/chiffres`, { headers: { Cookie: cookie } });
  return routeAnswer(() => figuresLoader({ request, context: loadContext('10.9.0.1'), params: { id: eventId } }));
}

async function account(role: 'admin' | 'organizer') {
  const uid = `${role}-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, displayName: uid, role });
  return { uid, ...(await signedIn(uid, SITE)) };
}

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

describe('les chiffres d’un événement pour qui l’organise', () => {
  it('40 visites, 3 ajouts au calendrier : « 40 » et « moins de 5 », ses propres visites non comptées', async () => {
    const organizer = await account('organizer');
    const admin = await account('admin');
    const event = makeEvent({ status: 'approved', createdBy: organizer.uid });
    await getServices().store.events.insertMany([event]);

    for (let i = 0; i < 40; i++) expect((await visit(event.id)).status).toBe(204);
    // Not the audience: the organizer's own visits and clicks, an admin's, a robot's.
    for (let i = 0; i < 6; i++) await visit(event.id, { Cookie: organizer.cookie });
    await click(event.id, 'calendar', false, { Cookie: organizer.cookie });
    await visit(event.id, { Cookie: admin.cookie });
    await visit(event.id, { 'User-Agent': BOT });
    // A ping carries no choice: without the cookie's consent it counts nothing.
    expect((await click(event.id, 'calendar', true)).status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await click(event.id, 'calendar')).status).toBe(204);
    expect((await click(event.id, 'n-importe-quoi')).status).toBe(400);

    const response = await figures(event.id, organizer.cookie);
    expect(response.status).toBe(200);
    const page = response.data as { kinds: { kind: string; total: string; weeks: { text: string }[] }[] };
    const byKind = Object.fromEntries(page.kinds.map((k) => [k.kind, k]));
    expect(Object.keys(byKind)).toEqual(['view', 'calendar']);
    expect(byKind.view.total).toBe('40');
    expect(byKind.view.weeks.at(-1)?.text).toBe('40');
    expect(byKind.calendar.total).toBe('moins de 5');
    // Never the exact 1 to 4, not even in the page's data.
    expect(JSON.stringify(page)).not.toMatch(/"(text|total)":"[1-4]"/);

    // Someone else's event: « not found », as its other organizer screens say.
    const other = await account('organizer');
    expect((await figures(event.id, other.cookie)).status).toBe(404);
  });

  it('les admins voient les mêmes chiffres pour tout le site, par catégorie et par canton', async () => {
    const admin = await account('admin');
    const event = makeEvent({ status: 'approved', category: 'spectacles', canton: 'JU', createdBy: admin.uid });
    await getServices().store.events.insertMany([event]);
    for (let i = 0; i < 7; i++) await visit(event.id);
    await click(event.id, 'tickets');
    const request = new Request(`${SITE}/admin`, { headers: { Cookie: admin.cookie } });
    const d = await adminLoader({ request, context: loadContext('10.9.0.2'), params: {} });
    const site = Object.fromEntries(d.figures.site.map((k) => [k.kind, k.total]));
    expect(site.view).toBe('47');
    expect(site.tickets).toBe('moins de 5');
    const theatre = d.figures.byCategory.find((r) => r.key === 'spectacles');
    const jura = d.figures.byCanton.find((r) => r.key === 'JU');
    expect([theatre?.figures[0], theatre?.figures[4]]).toEqual(['7', 'moins de 5']);
    expect(jura?.figures[0]).toBe('7');
    expect(d.figures.kinds[4]).toBe('Billetterie');
  });
});
