// « Dernier retour » through its routes, against the timetable stand-in on this machine: the page of a date of a series
// and /evenement/{id}/retour.json count from that date; a locality off the list, an unknown event and a visitor who
// asks too often are answered without a question to the timetable.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../app/.server/platform/ids';
import { scheduleSpan } from '../../app/.server/schedule/schedule-expand';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { addDaysToDate } from '../../app/domain/dates';
import type { Schedule } from '../../app/domain/schedule';
import { loader as pageLoader } from '../../app/routes/evenement.$id/route';
import { loader as jsonLoader } from '../../app/routes/evenement.$id.retour[.json]';
import { makeEvent, zurichDateIn } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { startTransportStandIn, type TransportStandIn } from '../support/transport-stand-in';

const SITE = 'http://localhost';
let timetable: TransportStandIn;
let seriesId = '';
const first = zurichDateIn(6);
const second = addDaysToDate(first, 7);

const get = (path: string, id: string, ip = '127.0.0.1') => ({
  request: new Request(`${SITE}${path}`),
  context: loadContext(ip),
  params: { id },
});

beforeAll(async () => {
  timetable = await startTransportStandIn();
  // Read by the composition root when it is first built, below.
  process.env.TRANSPORT_API_URL = timetable.url;
  process.env.SEED_DEMO = 'false';
  const services = getServices();
  await prepareStore(services);
  // Two concerts a week apart in Lausanne, 20:00–22:30.
  const schedule: Schedule = {
    kind: 'dates',
    dates: [first, second].map((day) => ({ date: day, start: '20:00', end: '22:30' })),
  };
  const span = scheduleSpan(schedule) ?? (null as never);
  seriesId = newId();
  await services.store.events.insertMany([
    makeEvent({
      id: seriesId,
      city: 'Lausanne',
      street: '',
      lat: null,
      lng: null,
      status: 'approved',
      schedule,
      ...span,
    }),
  ]);
});

afterAll(async () => {
  delete process.env.TRANSPORT_API_URL;
  await timetable.close();
});

describe('« Dernier retour » par ses routes', () => {
  it('la page d’une date d’une série, sans JavaScript : la dernière liaison de ce soir-là', async () => {
    const page = await routeAnswer(() =>
      pageLoader(get(`/evenement/${seriesId}?date=${second}&retour=yverdon`, seriesId)),
    );
    expect(page.status).toBe(200);
    const { lastTrip } = page.data as { lastTrip: { answer: { kind: string; sbb: string }; pageDate: string } };
    expect(lastTrip.pageDate).toBe(second);
    expect(lastTrip.answer.kind).toBe('trip');
    expect(new URL(lastTrip.answer.sbb).searchParams.get('datum')).toBe(second.split('-').reverse().join('.'));
    expect(timetable.asked.at(-1)?.get('date')).toBe(second);
  });

  it('retour.json : la même réponse pour la date demandée ; sans localité, seulement qu’il est proposé', async () => {
    const json = await routeAnswer(() =>
      jsonLoader(get(`/evenement/${seriesId}/retour.json?retour=Yverdon-les-Bains&date=${first}`, seriesId)),
    );
    expect(json.status).toBe(200);
    const { answer } = json.data as { answer: { kind: string; trip: { departure: string } } };
    expect(answer.kind).toBe('trip');
    expect(answer.trip.departure.slice(0, 10)).toBe(first);
    const bare = await routeAnswer(() => jsonLoader(get(`/evenement/${seriesId}/retour.json`, seriesId)));
    expect(bare.data).toEqual({ answer: null, offered: true });
  });

  it('une localité hors de la liste, un événement inconnu : refusés sans demander l’horaire', async () => {
    const asked = timetable.asked.length;
    const refused = await routeAnswer(() =>
      jsonLoader(get(`/evenement/${seriesId}/retour.json?retour=${encodeURIComponent('Paris, France')}`, seriesId)),
    );
    expect(refused.status).toBe(400);
    expect(refused.response?.headers.get('Cache-Control')).toBe('no-store');
    expect((refused.data as { error: string }).error).toBe(
      'Localité inconnue\u00a0: «\u00a0Paris, France\u00a0». Choisissez une localité de Suisse romande dans la liste.',
    );
    const page = await routeAnswer(() => pageLoader(get(`/evenement/${seriesId}?retour=Atlantis`, seriesId)));
    expect(page.status).toBe(400);
    // Spaces only (they get past the browser's `required`): asked for, not « Localité inconnue : «  » ».
    const blank = await routeAnswer(() =>
      jsonLoader(get(`/evenement/${seriesId}/retour.json?retour=%20%20`, seriesId)),
    );
    expect(blank.status).toBe(400);
    expect((blank.data as { error: string }).error).toBe('Indiquez la localité où vous habitez.');
    // A typo: the localities close to it come with the refusal (« Vouliez-vous dire … ? »).
    const typo = await routeAnswer(() => jsonLoader(get(`/evenement/${seriesId}/retour.json?retour=Yverdn`, seriesId)));
    expect((typo.data as { suggestions: string[] }).suggestions[0]).toBe('Yverdon-les-Bains');
    const unknown = await routeAnswer(() => jsonLoader(get('/evenement/inconnu/retour.json?retour=Sion', 'inconnu')));
    expect(unknown.status).toBe(404);
    expect(timetable.asked.length).toBe(asked);
  });

  it('au-delà de 20 demandes par minute d’une adresse : la page le dit et donne le lien CFF, l’horaire n’est plus demandé', async () => {
    const ask = () =>
      routeAnswer(() =>
        jsonLoader(get(`/evenement/${seriesId}/retour.json?retour=Sion&date=${first}`, seriesId, '10.9.9.9')),
      );
    // The stand-in knows no trip to Sion: each ask is a timetable that did not answer, said in the log.
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 20; i++) await ask();
    expect(warned).toHaveBeenCalledTimes(20);
    warned.mockRestore();
    const asked = timetable.asked.length;
    const busy = await ask();
    const { answer } = busy.data as { answer: { kind: string; sbb: string } };
    expect(answer.kind).toBe('busy');
    expect(answer.sbb).toContain('nach=Sion');
    expect(busy.response?.headers.get('Cache-Control')).toBe('no-store');
    expect(timetable.asked.length).toBe(asked);
  });
});
