// The OpenAPI 3.1 document of the public API, served at /api/v1/openapi.json. Each answer documents an example with
// the request that gives it (`x-request`): a test calls each one and checks the answer against the schema.
import { CANTON_CODES } from '~/domain/cantons';
import { API_MAX_LIMIT } from './events';
import { EVENT_FIELDS, SCHEMAS } from './openapi-schemas';

const ref = (name: keyof typeof SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });
const query = (name: string, description: string, schema: object, example?: unknown) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});
const json = (schema: object, request: string, value: unknown, summary: string) => ({
  content: { 'application/json': { schema, examples: { exemple: { summary, value, 'x-request': request } } } },
});
const problem = (request: string, status: number, title: string, detail: string, description: string) => ({
  description,
  content: {
    'application/problem+json': {
      schema: ref('Problem'),
      examples: {
        exemple: { summary: description, value: { type: 'about:blank', title, status, detail }, 'x-request': request },
      },
    },
  },
});
const tooMany = {
  description:
    'Trop de requêtes depuis cette adresse IP ; l’en-tête `Retry-After` dit dans combien de secondes réessayer.',
  headers: { 'Retry-After': { schema: { type: 'integer' } } },
  content: { 'application/problem+json': { schema: ref('Problem') } },
};

/** The example event of the document (the test stores one like it). */
export const EXAMPLE_EVENT_ID = 'exemple-concert';
const SITE = 'https://agenda-romand.ch';
const exampleEvent = {
  id: EXAMPLE_EVENT_ID,
  title: 'Concert de l’Avent',
  description: 'Un concert de chœurs romands, avec un programme de Noël.',
  url: `${SITE}/evenement/${EXAMPLE_EVENT_ID}`,
  icsUrl: `${SITE}/evenement/${EXAMPLE_EVENT_ID}/calendrier.ics`,
  startsAt: '2026-12-12T19:30:00+01:00',
  endsAt: '2026-12-12T21:30:00+01:00',
  allDay: false,
  cancelled: false,
  occurrence: null,
  venue: {
    name: 'Temple de Saint-Imier',
    street: 'Rue du Temple 1',
    postalCode: '1003',
    locality: 'Lausanne',
    canton: 'VD',
    latitude: 46.52,
    longitude: 6.63,
  },
  category: { slug: 'musique', name: 'Musique' },
  price: { free: false, min: 15, max: 25, currency: 'CHF', note: '' },
  accessibility: { wheelchair: true, hearing: false, family: true },
  organizer: { name: 'Chœur de Lausanne' },
  ticketUrl: null,
  websiteUrl: null,
  image: null,
};

const EVENT_FILTERS = [
  query('q', 'Recherche dans le titre, la description, le lieu, la localité et l’organisateur.', { type: 'string' }),
  query('category', 'Slug d’une catégorie active (voir /api/v1/categories).', { type: 'string' }, 'musique'),
  query('canton', 'Code du canton.', { type: 'string', enum: [...CANTON_CODES] }, 'VD'),
  query('quand', 'Raccourci de dates.', {
    type: 'string',
    enum: ['aujourdhui', 'demain', 'week-end', 'semaine', 'mois'],
  }),
  query('du', 'Premier jour (AAAA-MM-JJ).', { type: 'string', format: 'date' }),
  query('au', 'Dernier jour (AAAA-MM-JJ).', { type: 'string', format: 'date' }),
  query('gratuit', 'Seulement les événements gratuits.', { type: 'string', enum: ['1'] }),
  query('famille', 'Seulement ceux adaptés aux familles.', { type: 'string', enum: ['1'] }),
  query('accessible', 'Seulement ceux accessibles en fauteuil roulant.', { type: 'string', enum: ['1'] }),
  query(
    'limit',
    `Nombre d’événements par page (1 à ${API_MAX_LIMIT}, 20 par défaut).`,
    { type: 'integer', minimum: 1, maximum: API_MAX_LIMIT },
    5,
  ),
  query('cursor', 'Le champ `next` de la page précédente, avec les mêmes filtres.', { type: 'string' }),
];
const FIELDS = query(
  'fields',
  `Champs voulus, séparés par des virgules (l’identifiant vient toujours) : ${EVENT_FIELDS.join(', ')}.`,
  { type: 'string' },
);

export const OPENAPI = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
  info: {
    title: 'API publique d’Agenda romand',
    version: '1.0.0',
    description:
      'Les événements publics de Suisse romande, en lecture seule et sans clé. CORS ouvert, réponses en cache (ETag, 304), limite de requêtes par adresse IP. Présentation : /developpeurs.',
  },
  servers: [{ url: '/' }],
  paths: {
    '/api/v1/events': {
      get: {
        operationId: 'listEvents',
        summary: 'Les événements à venir d’une sélection, une ligne par date pour une série',
        parameters: [...EVENT_FILTERS, FIELDS],
        responses: {
          '200': {
            description: 'Une page d’événements, dans l’ordre chronologique (de pertinence avec `q`).',
            ...json(
              ref('EventList'),
              '/api/v1/events?category=musique&canton=VD&limit=5',
              { data: [exampleEvent], next: null },
              'Musique dans le canton de Vaud',
            ),
          },
          '400': problem(
            '/api/v1/events?limit=500',
            400,
            'Requête invalide',
            `« limit » doit être un nombre entier entre 1 et ${API_MAX_LIMIT}.`,
            'Un paramètre incompris.',
          ),
          '429': tooMany,
        },
      },
    },
    '/api/v1/events/{id}': {
      get: {
        operationId: 'getEvent',
        summary: 'Un événement public',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: EXAMPLE_EVENT_ID },
          FIELDS,
        ],
        responses: {
          '200': {
            description: 'L’événement.',
            ...json(ref('OneEvent'), `/api/v1/events/${EXAMPLE_EVENT_ID}`, { data: exampleEvent }, 'Un concert'),
          },
          '404': problem(
            '/api/v1/events/inconnu',
            404,
            'Introuvable',
            'Aucun événement public ne porte cet identifiant.',
            'Aucun événement public avec cet identifiant.',
          ),
          '429': tooMany,
        },
      },
    },
    '/api/v1/categories': {
      get: {
        operationId: 'listCategories',
        summary: 'Les catégories actives, avec leur nombre d’événements à venir',
        responses: {
          '200': {
            description: 'Les catégories, dans l’ordre du site.',
            ...json(
              ref('CategoryList'),
              '/api/v1/categories',
              {
                data: [
                  {
                    slug: 'musique',
                    name: 'Musique',
                    color: '#b4233c',
                    upcomingEvents: 1,
                    url: `${SITE}/evenements?category=musique`,
                  },
                ],
              },
              'Les catégories',
            ),
          },
          '429': tooMany,
        },
      },
    },
    '/api/v1/partners': {
      get: {
        operationId: 'listPartners',
        summary: 'Les partenaires et donateurs actifs',
        responses: {
          '200': {
            description: 'Les partenaires puis les donateurs, dans l’ordre du site.',
            ...json(
              ref('PartnerList'),
              '/api/v1/partners',
              {
                data: [
                  {
                    id: 'commune',
                    name: 'Commune de Morges',
                    kind: 'partner',
                    description: '',
                    url: `${SITE}/partenaires/commune`,
                    websiteUrl: null,
                    logoUrl: null,
                  },
                ],
              },
              'Les partenaires',
            ),
          },
          '429': tooMany,
        },
      },
    },
  },
  components: { schemas: SCHEMAS },
} as const;
