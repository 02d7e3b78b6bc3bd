// Places to book shown beyond the event's page (issue 73, decision 168), on SQLite and on Firestore: the API's list
// and one event carry a `registration` object, the RSS item and the iCal entry one line « Inscription : … », and the
// openings of a whole page are read at once (the dates without one left out).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getApiEvent, listApiEvents } from '../../app/.server/api/events';
import { buildICalendar } from '../../app/.server/feeds/calendar';
import { buildRss } from '../../app/.server/feeds/feeds';
import { selectionFeed } from '../../app/.server/feeds/selection-feed';
import type { Store } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { addDaysToDate, zurichIso, zurichToday } from '../../app/domain/dates';
import type { AgendaEvent } from '../../app/domain/event';
import { loader as eventIcsLoader } from '../../app/routes/evenement.$id.calendrier[.ics]';
import { makeEvent } from '../support/factories';
import { BACKENDS } from './backends';

const SITE = 'https://agenda.example';
const day = (n: number) => addDaysToDate(zurichToday(), n);
const on = (n: number, overrides: Partial<AgendaEvent>) =>
  makeEvent({
    startsAt: zurichIso(day(n), '14:00'),
    endsAt: zurichIso(day(n), '16:00'),
    status: 'approved',
    ...overrides,
  });
const SETTINGS = { places: 3, closesAt: null, waitingList: true, perPerson: 4, questions: [] };
const FEW = 'Plus que 2\u00a0places';

describe.each(BACKENDS)('places à réserver montrées hors de la page : $name', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  const atelier = on(4, { id: 'atelier', title: 'Atelier de couronnes' });
  const concert = on(5, { id: 'concert', title: 'Concert sans inscription' });

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.events.insertMany([atelier, concert]);
    const date = { eventId: atelier.id, startsAt: atelier.startsAt };
    const now = new Date().toISOString();
    await store.registrations.open(date, SETTINGS, now);
    const who = { ...date, name: 'Léa', email: 'lea@exemple.ch', answers: [], tokenHash: 'h1', createdAt: now };
    await store.registrations.register({ ...who, id: 'r1', people: 1 }, now);
  });
  afterEach(() => dispose());

  it('les ouvertures d’une page en une lecture : seules les dates qui en ouvrent une', async () => {
    const found = await store.registrations.openingsFor([
      { eventId: concert.id, startsAt: concert.startsAt },
      { eventId: atelier.id, startsAt: atelier.startsAt },
      { eventId: atelier.id, startsAt: concert.startsAt },
    ]);
    expect(found.map((o) => [o.eventId, o.startsAt, o.confirmed])).toEqual([[atelier.id, atelier.startsAt, 1]]);
    expect(await store.registrations.openingsFor([])).toEqual([]);
  });

  it('l’API : un objet `registration` dans la liste et pour un événement, null sans inscription', async () => {
    const expected = { availability: 'few', remainingPlaces: 2, text: FEW };
    const { data } = await listApiEvents({ store }, new URLSearchParams(), SITE);
    const byId = Object.fromEntries(data.map((e) => [e.id, e.registration]));
    expect(byId).toEqual({ atelier: expected, concert: null });
    expect((await getApiEvent({ store }, 'atelier', new URLSearchParams(), SITE)).data.registration).toEqual(expected);
    // Closed by hand: its words, and no places said any more.
    await store.registrations.setClosed({ eventId: atelier.id, startsAt: atelier.startsAt }, true, atelier.createdAt);
    const closed = await listApiEvents({ store }, new URLSearchParams({ fields: 'registration' }), SITE);
    expect(closed.data.find((e) => e.id === 'atelier')?.registration).toEqual({
      availability: 'closed',
      remainingPlaces: null,
      text: 'Inscriptions closes',
    });
  });

  it('le flux RSS et le calendrier : une ligne « Inscription : … » pour la date qui en ouvre une', async () => {
    const rssFeed = await selectionFeed({ store }, new URLSearchParams(), { series: true });
    const rss = buildRss(rssFeed.events, {
      siteUrl: SITE,
      title: rssFeed.title,
      selfUrl: `${SITE}/evenements.rss`,
      description: rssFeed.description,
      registrations: rssFeed.registrations,
    });
    expect(rss.match(/Inscription/g)).toHaveLength(1);
    expect(rss).toContain(`Inscription\u00a0: ${FEW}`);
    const icsFeed = await selectionFeed({ store }, new URLSearchParams());
    const ics = buildICalendar(icsFeed.events, {
      siteUrl: SITE,
      name: icsFeed.title,
      registrations: icsFeed.registrations,
    }).replace(/\r\n[ \t]/g, '');
    const entries = ics.split('BEGIN:VEVENT').slice(1);
    const atelierEntry = entries.find((v) => v.includes('Atelier de couronnes')) ?? '';
    expect(atelierEntry).toContain(`DESCRIPTION:Inscription\u00a0: ${FEW}\\n\\n`);
    expect(entries.find((v) => v.includes('Concert sans inscription'))).not.toContain('Inscription');
    // The event's own calendar file says it too.
    const context = { services: { store, config: { SITE_URL: SITE } }, clientIp: '192.0.2.7' };
    const own = await (eventIcsLoader as unknown as (a: object) => Promise<Response>)({
      request: new Request(`${SITE}/evenement/atelier/calendrier.ics`),
      params: { id: 'atelier' },
      context,
    });
    expect((await own.text()).replace(/\r\n[ \t]/g, '')).toContain(`DESCRIPTION:Inscription\u00a0: ${FEW}\\n\\n`);
  });
});
