// The OpenAPI document of /api/v1 validates (swagger-parser) and passes Redocly's recommended rules, and every
// operation's documented example, called through its route's loader on the demo content (seedDemo), answers 200 with a
// body the documented schema accepts (ajv).
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { AppLoadContext } from '@remix-run/node';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../../app/.server/api/openapi';
import { seedSchoolHolidays } from '../../app/.server/holidays/holidays';
import type { Store } from '../../app/.server/ports';
import { seedDemo } from '../../app/.server/seed/seed';
import { DEFAULT_CATEGORIES } from '../../app/domain/categories';
import { zurichIso } from '../../app/domain/dates';
import { loader as categoriesLoader } from '../../app/routes/api.v1.categories';
import { loader as eventsLoader } from '../../app/routes/api.v1.events';
import { loader as eventLoader } from '../../app/routes/api.v1.events_.$id';
import { loader as openapiLoader } from '../../app/routes/api.v1.openapi[.]json';
import { loader as organizersLoader } from '../../app/routes/api.v1.organizers';
import { loader as partnersLoader } from '../../app/routes/api.v1.partners';
import { loader as venuesLoader } from '../../app/routes/api.v1.venues';
import { BACKENDS } from './backends';

const SITE = 'https://agenda.example';
const NOW = new Date(zurichIso('2026-11-27', '10:00'));
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
  example?: string | number;
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
    // The demo site as `npm run dev` seeds it, on a fixed clock (Friday 27 November 2026, 10:00 in Zurich): the
    // document's examples are records of the demo content, and `quand=week-end` finds its events.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    ({ store, dispose } = await BACKENDS[0].open());
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await seedDemo({ store }, NOW);
    await seedSchoolHolidays({ store });
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

  it('passe les règles recommandées de Redocly (openapi-core), hors ligne', async () => {
    // Every rule of `recommended` as it is: none turned off.
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: `${SITE}/api/v1/openapi.json`,
      config,
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
  });

  /** Each documented example alone (with the path's own): each filter must find demo content by itself. */
  const calls = Object.entries(document.paths).flatMap(([path, item]) => {
    const operation = (item as { get: Operation }).get;
    const examples = (operation.parameters ?? []).filter((p) => p.example !== undefined);
    const inPath = examples.filter((p) => p.in === 'path');
    const inQuery = examples.filter((p) => p.in === 'query');
    return (inQuery.length ? inQuery.map((q) => [...inPath, q]) : [inPath]).map((chosen) => {
      const params: Record<string, string> = {};
      const search = new URLSearchParams();
      let concrete = path;
      for (const p of chosen) {
        if (p.in === 'path') {
          params[p.name] = String(p.example);
          concrete = concrete.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
        } else search.set(p.name, String(p.example));
      }
      return [`${concrete}${search.size ? `?${search}` : ''}`, path, params, operation] as const;
    });
  });

  it.each(calls)(
    'l’exemple %s répond sur le site de démonstration comme documenté',
    async (target, path, params, operation) => {
      const context = {
        services: { store, config: { SITE_URL: SITE, API_RATE_PER_MINUTE: 1000 } },
        clientIp: '192.0.2.1',
      } as unknown as AppLoadContext;
      const response = await LOADERS[path]({ request: new Request(`${SITE}/api/v1${target}`), params, context });
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
    },
  );
});
