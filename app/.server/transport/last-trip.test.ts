// « Dernier retour » against a timetable stand-in on this machine: the last connection of the recorded night, pages
// asked only as far as needed and kept, none after midnight, and a timetable down or too slow said as such.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLocality } from '~/domain/localities';
import { startTransportStandIn, type TransportStandIn } from '../../../tests/support/transport-stand-in';
import { createLastTripFinder, transportApi } from './last-trip';

const lausanne = { city: 'Lausanne', street: 'Rue de Genève 12', postalCode: '1003', lat: 46.52, lng: 6.63 };
const yverdon = findLocality('Yverdon-les-Bains') ?? (null as never);
const concert = (endsAt: string) => ({ startsAt: '2026-12-05T20:00:00+01:00', endsAt, allDay: false });

let stands: TransportStandIn[] = [];
const stand = async (options: Parameters<typeof startTransportStandIn>[0] = {}) => {
  const started = await startTransportStandIn(options);
  stands.push(started);
  return started;
};
afterEach(async () => {
  await Promise.all(stands.map((s) => s.close()));
  stands = [];
  vi.restoreAllMocks();
});

describe('« Dernier retour » : l’horaire demandé au serveur', () => {
  it('le dernier départ après un concert à Lausanne, avec le lien CFF pré-rempli ; redemandé, l’horaire vient du cache', async () => {
    const timetable = await stand();
    const finder = createLastTripFinder(transportApi(timetable.url));
    const answer = await finder.find(lausanne, '', concert('2026-12-05T22:30:00+01:00'), yverdon);
    expect(answer?.kind).toBe('trip');
    if (answer?.kind !== 'trip') return;
    expect(answer.trip).toMatchObject({
      from: 'Lausanne',
      to: 'Yverdon-les-Bains',
      departure: '2026-12-05T22:42:00.000Z',
      arrival: '2026-12-05T23:20:00.000Z',
      transfers: 1,
    });
    const sbb = new URL(answer.sbb);
    expect(Object.fromEntries(sbb.searchParams)).toEqual({
      von: 'Rue de Genève 12, 1003 Lausanne',
      nach: 'Yverdon-les-Bains',
      datum: '05.12.2026',
      zeit: '23:42',
      an: 'false',
    });
    // Asked from the end and the walk (22:40), one page: it ended before the night did.
    expect(timetable.asked.map((q) => [q.get('date'), q.get('time'), q.get('page'), q.get('to')])).toEqual([
      ['2026-12-05', '22:40', '0', 'Yverdon-les-Bains'],
    ]);
    await finder.find(lausanne, '', concert('2026-12-05T22:30:00+01:00'), yverdon);
    expect(timetable.asked).toHaveLength(1);
  });

  it('part de l’arrêt du lieu quand il est connu', async () => {
    const timetable = await stand();
    const finder = createLastTripFinder(transportApi(timetable.url));
    const answer = await finder.find(lausanne, 'Lausanne, Flon', concert('2026-12-05T22:30:00+01:00'), yverdon);
    expect(timetable.asked[0].get('from')).toBe('Lausanne, Flon');
    expect(answer?.sbb).toContain('von=Lausanne%2C+Flon');
  });

  it('une ligne dense : les pages suivantes jusqu’à la fin de la nuit, pas au-delà', async () => {
    // A departure every ten minutes from 21:00 to 01:50, then the morning: 30 in the night, three pages of 16.
    const { connections } = JSON.parse(
      await import('node:fs').then((fs) =>
        fs.readFileSync(new URL('../../../tests/fixtures/transport/lausanne-yverdon.json', import.meta.url), 'utf8'),
      ),
    );
    const model = connections[0];
    const at = (minutes: number) => {
      const day = minutes >= 24 * 60 ? '06' : '05';
      const m = minutes % (24 * 60);
      const hm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return `2026-12-${day}T${hm}:00+0100`;
    };
    const dense = [...Array.from({ length: 30 }, (_, i) => 21 * 60 + i * 10), 29 * 60 + 12].map((m) => ({
      ...model,
      from: { ...model.from, departure: at(m) },
      to: { ...model.to, arrival: at(m + 23) },
    }));
    const timetable = await stand({ recorded: dense });
    const finder = createLastTripFinder(transportApi(timetable.url));
    const answer = await finder.find(lausanne, '', concert('2026-12-05T22:00:00+01:00'), yverdon);
    expect(answer?.kind === 'trip' && answer.trip.departure).toBe('2026-12-06T00:50:00.000Z');
    expect(timetable.asked.map((q) => q.get('page'))).toEqual(['0', '1']);
  });

  it('après minuit, plus rien avant le matin : « plus de liaison », le lien CFF quand même', async () => {
    const timetable = await stand();
    const finder = createLastTripFinder(transportApi(timetable.url));
    const answer = await finder.find(lausanne, '', concert('2026-12-06T00:30:00+01:00'), yverdon);
    expect(answer?.kind).toBe('none');
    expect(answer?.sbb).toContain('zeit=00%3A40');
  });

  it('l’horaire éteint : « pas pu être consulté », rien de gardé, le lien CFF', async () => {
    const timetable = await stand();
    const url = timetable.url;
    await timetable.close();
    stands = [];
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const finder = createLastTripFinder(transportApi(url));
    const answer = await finder.find(lausanne, '', concert('2026-12-05T22:30:00+01:00'), yverdon);
    expect(answer?.kind).toBe('unavailable');
    expect(answer?.sbb).toContain('nach=Yverdon-les-Bains');
    // The log says the timetable failed, never where the visitor lives.
    expect(String(vi.mocked(console.warn).mock.calls[0])).not.toContain('Yverdon');
  });

  it('l’horaire trop lent : abandonné au bout du délai', async () => {
    const timetable = await stand({ delayMs: 5_000 });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const finder = createLastTripFinder(transportApi(timetable.url), { timeoutMs: 200 });
    const started = performance.now();
    const answer = await finder.find(lausanne, '', concert('2026-12-05T22:30:00+01:00'), yverdon);
    expect(answer?.kind).toBe('unavailable');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('une réponse démesurée est refusée, non lue jusqu’au bout', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"connections":[],"x":"${'a'.repeat(2 * 1024 * 1024)}"}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const answer = await createLastTripFinder(transportApi(url)).find(
      lausanne,
      '',
      concert('2026-12-05T22:30:00+01:00'),
      yverdon,
    );
    expect(answer?.kind).toBe('unavailable');
    server.closeAllConnections();
    server.close();
  });
});
