// A failed delivery says what failed (issue 48): the object it carried, the inbox it went to and what the server
// answered, in French on /admin/federation. Gancio answers 404 « Event not found! » to an Announce of an object that is
// not its own: that is a refusal of the object, not an inbox gone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SendActivityError } from '@fedify/fedify';
import { describe, expect, it } from 'vitest';
import { type DeliveryTrouble, recordDeliveryFailure } from '../../app/.server/federation/deliveries';
import { loadConfig } from '../../app/.server/platform/config';
import { createServices } from '../../app/.server/services';
import { failureText } from '../../app/routes/admin.federation/DeliveriesSection';

describe('un envoi en échec, en français', () => {
  it('garde la boîte, l’objet et la réponse du serveur, et dit que l’objet a été refusé', async () => {
    const services = createServices(
      loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-delivery-')), SEED_DEMO: 'false' }),
    );
    const { store } = services;
    const inbox = 'https://gancio.exemple/federation/u/relay/inbox';
    await recordDeliveryFailure(store.federation, {
      error: new SendActivityError(new URL(inbox), 404, 'Failed', 'Event not found!'),
      activityId: 'https://agenda.exemple/federation/acteurs/lieu.bourg/envois/ev-1',
      activityType: 'Announce',
      objectId: 'https://agenda.exemple/federation/evenements/ev-1',
      now: new Date('2030-03-01T10:00:00Z'),
      firstRetryMs: 60_000,
    });
    const [record] = await store.federation.list<DeliveryTrouble>('failure', {
      now: '2030-03-01T10:00:00.000Z',
      limit: 10,
    });
    expect(record.value).toMatchObject({
      inbox,
      objectId: 'https://agenda.exemple/federation/evenements/ev-1',
      detail: 'Event not found!',
      nextAt: null,
    });
    expect(failureText(record.value.status, record.value.detail)).toBe(
      '404, envoi refusé par le serveur (réponse\u00a0: «\u00a0Event not found!\u00a0»)\u00a0: plus d’essai',
    );
    await services.close();
  });

  it('une boîte disparue, une signature refusée', () => {
    expect(failureText(410, 'Gone')).toBe('410, boîte introuvable ou envoi refusé par le serveur\u00a0: plus d’essai');
    expect(failureText(401, 'Request signature could not be verified')).toBe(
      '401, signature refusée (ou compte non reconnu) (réponse\u00a0: «\u00a0Request signature could not be verified\u00a0»)',
    );
  });
});
