// The schemas of the OpenAPI document of /api/v1 (openapi.ts): an event, an event with its dates, an image, a problem;
// and the pieces both openapi.ts and openapi-lists.ts build their operations with.
import { CANTON_CODES } from '~/domain/cantons';

const occurrenceProperties = { date: { type: 'string', format: 'date' }, upcomingDates: { type: 'integer' } };
export const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra });
const isoWithOffset = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 avec le décalage de Europe/Zurich.',
};
export const url = { type: 'string', format: 'uri' };

export const Image = {
  type: 'object',
  required: ['url', 'width', 'height', 'alt', 'sizes'],
  properties: {
    url,
    width: { type: 'integer' },
    height: { type: 'integer' },
    alt: { type: 'string' },
    sizes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['url', 'width', 'height'],
        properties: { url, width: { type: 'integer' }, height: { type: 'integer' } },
      },
    },
  },
};

/** Places to book (issue 73) of the date an item stands for; never who registered. */
const Registration = nullable('object', {
  description:
    'Les inscriptions de cette date (places à réserver)\u00a0; null quand elle n’en ouvre pas. Jamais les inscrits.',
  required: ['availability', 'remainingPlaces', 'text'],
  properties: {
    availability: {
      type: 'string',
      enum: ['open', 'few', 'waiting-list', 'full', 'closed'],
      description:
        '`few`\u00a0: 3 places ou moins, dès qu’une est prise\u00a0; `waiting-list`\u00a0: complet, la liste d’attente prend la suite\u00a0; `closed`\u00a0: clôturées, fermées ou date passée.',
    },
    remainingPlaces: nullable('integer', { description: 'Les places libres (0 complet)\u00a0; null une fois closes.' }),
    text: {
      type: 'string',
      description:
        'Les mots du site\u00a0: «\u00a012 places\u00a0», «\u00a0Plus que 3 places\u00a0», «\u00a0Complet — liste d’attente\u00a0», «\u00a0Inscriptions closes\u00a0».',
    },
  },
  additionalProperties: false,
});

export const Event = {
  type: 'object',
  description: 'Un événement public\u00a0; avec `fields=`, seuls les champs demandés sont présents.',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: 'string' },
    performers: {
      type: 'array',
      items: { type: 'string' },
      description:
        '«\u00a0Artistes, intervenants\u00a0»\u00a0: les noms que donne l’organisateur, dans son ordre\u00a0; vide sans nom.',
    },
    url: { ...url, description: 'La page de l’événement (de la date, pour une série).' },
    icsUrl: url,
    startsAt: isoWithOffset,
    endsAt: { ...isoWithOffset, type: ['string', 'null'] },
    allDay: { type: 'boolean' },
    cancelled: { type: 'boolean' },
    weatherDependent: {
      type: 'boolean',
      description: '«\u00a0Selon la météo\u00a0»\u00a0: confirmé ou non le jour même.',
    },
    dayStatus: nullable('object', {
      description:
        '«\u00a0Ça a lieu\u00a0?\u00a0»\u00a0: ce que l’organisateur a dit le jour de cette date, et quand\u00a0; null tant qu’il n’a rien dit.',
      required: ['status', 'text', 'note', 'saidAt', 'postponedTo', 'movedTo'],
      properties: {
        status: { type: 'string', enum: ['confirmed', 'cancelled', 'postponed', 'moved'] },
        text: { type: 'string', description: '«\u00a0Confirmé le sam. 28 nov. à 08:12\u00a0», en français.' },
        note: nullable('string'),
        saidAt: isoWithOffset,
        postponedTo: { ...isoWithOffset, type: ['string', 'null'] },
        movedTo: nullable('string'),
      },
    }),
    occurrence: nullable('object', { required: ['date', 'upcomingDates'], properties: occurrenceProperties }),
    series: nullable('object', {
      description: 'Une série (plusieurs dates, une règle ou une période d’ouverture)\u00a0; null pour une seule date.',
      required: ['kind', 'description', 'summary', 'matchingDates'],
      properties: {
        kind: { type: 'string', enum: ['dates', 'rule', 'period'] },
        description: { type: 'string', description: 'L’horaire en une phrase française.' },
        summary: nullable('string', { description: 'Une ligne\u00a0: «\u00a0Chaque mardi · 18:30 · 29 dates\u00a0».' }),
        matchingDates: nullable('integer', {
          description: 'Avec `group=series`\u00a0: les dates retenues qui ont lieu (une date annulée ne compte pas).',
        }),
      },
    }),
    venue: {
      type: 'object',
      required: ['name', 'street', 'postalCode', 'locality', 'canton', 'latitude', 'longitude'],
      properties: {
        name: { type: 'string' },
        street: { type: 'string' },
        postalCode: { type: 'string' },
        locality: { type: 'string' },
        canton: { type: 'string', enum: [...CANTON_CODES] },
        latitude: nullable('number'),
        longitude: nullable('number'),
      },
    },
    category: {
      type: 'object',
      required: ['slug', 'name'],
      properties: { slug: { type: 'string' }, name: { type: 'string' } },
    },
    price: {
      type: 'object',
      required: ['free', 'min', 'max', 'currency', 'note'],
      properties: {
        free: { type: 'boolean' },
        min: nullable('number'),
        max: nullable('number'),
        currency: { const: 'CHF' },
        note: { type: 'string' },
      },
    },
    accessibility: {
      type: 'object',
      required: ['wheelchair', 'hearing', 'family'],
      properties: { wheelchair: { type: 'boolean' }, hearing: { type: 'boolean' }, family: { type: 'boolean' } },
    },
    organizer: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
    ticketUrl: nullable('string'),
    websiteUrl: nullable('string'),
    image: { oneOf: [{ $ref: '#/components/schemas/Image' }, { type: 'null' }] },
    registration: Registration,
  },
  additionalProperties: false,
};

/** One event asked for by its id: a series adds its dates to come, each cancelled or not (decision 068). */
export const EventWithDates = {
  ...Event,
  description: `${Event.description} Une série y ajoute ses dates à venir (\`dates\`, aussi par \`fields=dates\`).`,
  properties: {
    ...Event.properties,
    dates: nullable('array', {
      description:
        'Les dates à venir d’une série, dans l’ordre, une date annulée marquée (null\u00a0: une seule date).',
      items: {
        type: 'object',
        required: ['startsAt', 'endsAt', 'cancelled', 'registration'],
        properties: {
          startsAt: isoWithOffset,
          endsAt: { ...isoWithOffset, type: ['string', 'null'] },
          cancelled: { type: 'boolean' },
          registration: Registration,
        },
        additionalProperties: false,
      },
    }),
  },
};

export const Problem = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'L’explication, en français.' },
    localities: {
      type: 'array',
      items: { type: 'string' },
      description:
        'Pour une localité de plusieurs noms ou mal écrite dans «\u00a0autour\u00a0»\u00a0: les noms qu’il accepte, par exemple «\u00a0Cugy (VD)\u00a0».',
    },
  },
};

export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
export const json = (description: string, schema: object) => ({
  description,
  headers: { ETag: { schema: { type: 'string' } } },
  content: { 'application/json': { schema } },
});
/** A response whose `data` is a list of objects that have every one of these properties, and no other. */
const dataList = (properties: Record<string, object>) => ({
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: { type: 'object', required: Object.keys(properties), properties, additionalProperties: false },
    },
  },
});
export const limited = problem('Trop de requêtes depuis cette adresse (en-tête `Retry-After`).');
/**
 * The examples of the document: records of the demo content (app/.server/seed), so that each example answers on a
 * freshly seeded site (a demo event's id is stable: made from its seed key).
 */
export const DEMO_EXAMPLES = {
  eventId: 'cta840iij1vh',
  venue: 'musee-d-art-et-d-histoire-neuchatel',
  organizer: 'musee-d-art-et-d-histoire-de-neuchatel',
  organizerSearch: 'musee',
} as const;

export const query = (name: string, description: string, schema: object, example?: string | number) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});
/** No key, no account (Redocly's `security-defined` wants each operation to say so). */
export const open: { security: never[] } = { security: [] };
/** What openapi.ts and openapi-lists.ts build the document with. */
export const pieces = { json, dataList, limited, problem, nullable, url, query, open, examples: DEMO_EXAMPLES };
export type OpenApiPieces = typeof pieces;
