// The interim calendar reader refuses what the safe fetcher will: loopback (unless allowed), other schemes, pages that
// are not calendars, endless redirects, oversized feeds; and it answers 304 as « not modified ».
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IcsServer, icsFixture, startIcsServer } from '../../../tests/support/ics-server';
import { interimFetchText } from './interim-fetch';

let server: IcsServer;
beforeAll(async () => {
  server = await startIcsServer();
  server.set('/ok.ics', icsFixture('google'));
});
afterAll(() => server.close());

describe('lecture intérimaire des calendriers', () => {
  it('refuse le réseau local sans réglage de test, et les autres protocoles', async () => {
    await expect(interimFetchText(false)(server.url('/ok.ics'), { accept: 'calendar' })).rejects.toThrow(
      'Cette adresse mène à un réseau privé\u00a0: elle n’est pas lue.',
    );
    await expect(interimFetchText(true)('ftp://exemple.ch/a.ics', { accept: 'calendar' })).rejects.toThrow(
      'Seules les adresses http:// et https:// sont lues.',
    );
  });

  it('lit un calendrier, puis répond « inchangé » à son ETag ; refuse ce qui est trop grand', async () => {
    const read = interimFetchText(true);
    const first = await read(server.url('/ok.ics'), { accept: 'calendar' });
    if (first === 'not-modified') throw new Error('attendu : le calendrier');
    expect(first.text).toContain('BEGIN:VCALENDAR');
    expect(await read(server.url('/ok.ics'), { accept: 'calendar', ifNoneMatch: first.etag })).toBe('not-modified');
    await expect(read(server.url('/ok.ics'), { accept: 'calendar', maxBytes: 100 })).rejects.toThrow('dépasse');
    await expect(read(server.url('/absent.ics'), { accept: 'calendar' })).rejects.toThrow(
      'Le serveur du calendrier a répondu 404.',
    );
  });
});
