// The OpenAPI document of /api/v1 validates (swagger-parser), and every operation's documented example, called through
// its route's loader on a seeded SQLite store, answers 200 with a body the documented schema accepts (ajv).
import SwaggerParser from '@apidevtools/swagger-parser';
import type { AppLoadContext } from '@remix-run/node';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../../app/.server/api/openapi';
import type { Store } from '../../app/.server/ports';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { zurichIso } from '../../app/domain/dates';
import { loader as categoriesLoader } from '../../app/routes/api.v1.categories';
import { loader as eventsLoader } from '../../app/routes/api.v1.events';
import { loader as eventLoader } from '../../app/routes/api.v1.events_.$id';
import { loader as openapiLoader } from '../../app/routes/api.v1.openapi[.]json';
import { loader as organizersLoader } from '../../app/routes/api.v1.organizers';
import { loader as partnersLoader } from '../../app/routes/api.v1.partners';
import { loader as venuesLoader } from '../../app/routes/api.v1.venues';
import { makeEvent, makeOrganizer, makePartner, makeVenue } from '../support/factories';
import { BACKENDS } from './backends';

const SITE = 'https://agenda.example';
type Loader = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response>;
const LOADERS: Record<string, Loader> = {
  '/events': eventsLoader as Loader,
  '/events/{id}': eventLoader as Loader,
  '/categories': categoriesLoader as Loader,
  '/partners': partnersLoader as Loader,
  '/venues': venuesLoader as Loader,
  '/organizers': organizersLoader as Loader,
};

interface Parameter {
  name: string;
  in: 'query' | 'path';
  example?: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses: Record<string, { content: Record<string, { schema: object }> }>;
}

describe('document OpenAPI de /api/v1', () => {
  const document = openApiDocument(SITE);
  let store: Store;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    // A fixed clock (Wednesday 5 June 2030, 10:00 in Zurich), so that the example `quand=week-end` finds the event.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(zurichIso('2030-06-05', '10:00')));
    ({ store, dispose } = await BACKENDS[0].open());
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    // The example's venue and organizer (issue 36): the examples of `lieu`, /venues and /organizers find them.
    await store.venues.insertMany([
      makeVenue({
        id: 'v1',
        slug: 'salle-del-castillo-vevey',
        name: 'Salle del Castillo',
        locality: 'Vevey',
        canton: 'VD',
      }),
    ]);
    await store.organizers.insertMany([
      makeOrganizer({
        id: 'o1',
        slug: 'jeunesse-de-corseaux',
        name: 'Jeunesse de Corseaux',
        website: 'https://jeunesse.example',
      }),
    ]);
    await store.events.insertMany([
      makeEvent({
        id: 'exemple',
        venueId: 'v1',
        organizerId: 'o1',
        canton: 'VD',
        category: 'musique',
        status: 'approved',
        startsAt: zurichIso('2030-06-08', '20:00'),
        endsAt: zurichIso('2030-06-08', '22:00'),
        // An approved image, so that the `Image` schema is checked too.
        image: { path: 'events/exemple000000000', width: 1200, height: 800, alt: 'La scène' },
      }),
    ]);
    await store.partners.create(
      (({ order: _o, ...p }) => p)(makePartner({ id: 'commune', slug: 'commune', active: true })),
    );
  });
  afterAll(async () => {
    await dispose();
    vi.useRealTimers();
  });

  it('est un document OpenAPI 3.1 valide, servi tel quel à /api/v1/openapi.json', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    const context = {
      services: { store, config: { SITE_URL: SITE, API_RATE_PER_MINUTE: 1000 } },
      clientIp: '192.0.2.1',
    } as unknown as AppLoadContext;
    const served = await (openapiLoader as Loader)({
      request: new Request(`${SITE}/api/v1/openapi.json`),
      params: {},
      context,
    });
    expect(await served.json()).toEqual(document);
  });

  it.each(Object.entries(document.paths))('l’exemple de %s répond comme documenté', async (path, item) => {
    const operation = (item as { get: Operation }).get;
    const params: Record<string, string> = {};
    const search = new URLSearchParams();
    let concrete = path;
    for (const p of operation.parameters ?? []) {
      if (p.example === undefined) continue;
      if (p.in === 'path') {
        params[p.name] = p.example;
        concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(p.example));
      } else search.set(p.name, p.example);
    }
    const context = {
      services: { store, config: { SITE_URL: SITE, API_RATE_PER_MINUTE: 1000 } },
      clientIp: `192.0.2.${operation.operationId.length}`,
    } as unknown as AppLoadContext;
    const response = await LOADERS[path]({
      request: new Request(`${SITE}/api/v1${concrete}${search.size ? `?${search}` : ''}`),
      params,
      context,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components });
    const schema = JSON.parse(
      JSON.stringify(operation.responses[200].content['application/json'].schema).replaceAll(
        '"#/components/',
        '"doc#/components/',
      ),
    );
    const validate = ajv.compile(schema);
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    expect(JSON.stringify(body)).not.toBe('{"data":[]}');
    if (path.startsWith('/events')) expect(JSON.stringify(body)).toContain('"sizes":[');
  });
});
