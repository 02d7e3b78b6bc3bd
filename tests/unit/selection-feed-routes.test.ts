// The feeds of a list selection, /evenements.ics and /evenements.rss, as a subscriber's calendar or reader gets them.
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as icsLoader } from '../../app/routes/evenements[.ics]';
import { loader as rssLoader } from '../../app/routes/evenements[.rss]';
import { loadContext } from '../support/load-context';

const SITE = 'http://localhost';
const get = (path: string) => ({ request: new Request(`${SITE}${path}`), context: loadContext(), params: {} });

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});

describe('flux d’une sélection (iCal et RSS)', () => {
  it('les deux flux se décrivent en français, avec l’espace insécable avant « : », et restent 15 minutes en cache', async () => {
    const ics = await icsLoader(get('/evenements.ics?canton=VD'));
    expect(ics.status).toBe(200);
    expect(ics.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(ics.headers.get('Content-Disposition')).toBe('inline; filename="agenda-romand.ics"');
    expect(ics.headers.get('Cache-Control')).toBe('public, max-age=900');
    expect((await ics.text()).replace(/\r\n[ \t]/g, '')).toContain(
      'X-WR-CALDESC:Agenda romand\\, les événements de Suisse romande\u00a0: les événements à venir de cette sélection.',
    );

    const rss = await rssLoader(get('/evenements.rss?canton=VD'));
    expect(rss.status).toBe(200);
    expect(rss.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
    expect(rss.headers.get('Cache-Control')).toBe('public, max-age=900');
    const body = await rss.text();
    expect(body).toContain('de Suisse romande\u00a0: les événements à venir de cette sélection.');
    expect(body).toContain(`${getServices().config.SITE_URL}/evenements.rss?canton=VD`);
  });

  it('une recherche refusée : 400, sans événement, le refus en guise de description', async () => {
    const q = encodeURIComponent('<script>alert(1)</script>');
    const ics = await icsLoader(get(`/evenements.ics?q=${q}`));
    expect(ics.status).toBe(400);
    const calendar = await ics.text();
    expect(calendar).not.toContain('BEGIN:VEVENT');
    expect(calendar).not.toContain('les événements à venir de cette sélection');

    const rss = await rssLoader(get(`/evenements.rss?q=${q}`));
    expect(rss.status).toBe(400);
    const feed = await rss.text();
    expect(feed).not.toContain('<item>');
    expect(feed).not.toContain('les événements à venir de cette sélection');
  });
});
