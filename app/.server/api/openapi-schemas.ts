// The JSON Schemas (2020-12) of the public API's answers, for the OpenAPI document (openapi.ts). Kept strict: no field
// beyond those listed, so a test that checks the answers against them notices a change of shape.
import { CANTON_CODES } from '~/domain/cantons';
import { EVENT_FIELDS } from './representation';

const text = { type: 'string' } as const;
const url = { type: 'string', format: 'uri' } as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const dateTime = {
  type: 'string',
  format: 'date-time',
  description: 'ISO 8601 avec le décalage de Europe/Zurich (+01:00 ou +02:00).',
} as const;
const object = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const sizedImage = object({ url, width: { type: 'integer' }, height: { type: 'integer' } });

export const SCHEMAS = {
  Venue: object({
    name: text,
    street: text,
    postalCode: text,
    locality: text,
    canton: { type: 'string', enum: [...CANTON_CODES] },
    latitude: nullable({ type: 'number' }),
    longitude: nullable({ type: 'number' }),
  }),
  CategoryRef: object({ slug: text, name: text }),
  Image: object({
    ...sizedImage.properties,
    alt: text,
    sizes: { type: 'array', items: sizedImage, description: 'Les tailles générées (400, 800 et 1600 px de large).' },
  }),
  Event: {
    ...object(
      {
        id: text,
        title: text,
        description: text,
        url: { ...url, description: 'La page de l’événement (de cette date, pour une série).' },
        icsUrl: { ...url, description: 'L’événement au format iCalendar.' },
        startsAt: dateTime,
        endsAt: nullable(dateTime),
        allDay: { type: 'boolean' },
        cancelled: { type: 'boolean' },
        occurrence: nullable(
          object({ date: { type: 'string', format: 'date' }, upcomingDates: { type: 'integer', minimum: 1 } }),
        ),
        venue: { $ref: '#/components/schemas/Venue' },
        category: { $ref: '#/components/schemas/CategoryRef' },
        price: object({
          free: { type: 'boolean' },
          min: nullable({ type: 'number' }),
          max: nullable({ type: 'number' }),
          currency: { const: 'CHF' },
          note: text,
        }),
        accessibility: object({
          wheelchair: { type: 'boolean' },
          hearing: { type: 'boolean' },
          family: { type: 'boolean' },
        }),
        organizer: object({ name: text }),
        ticketUrl: nullable(url),
        websiteUrl: nullable(url),
        image: nullable({ $ref: '#/components/schemas/Image' }),
      },
      // With `fields`, only the chosen fields and the id.
      ['id'],
    ),
  },
  EventList: object({
    data: { type: 'array', items: { $ref: '#/components/schemas/Event' } },
    next: { ...nullable(text), description: 'Le curseur de la page suivante (paramètre `cursor`), null à la fin.' },
  }),
  OneEvent: object({ data: { $ref: '#/components/schemas/Event' } }),
  CategoryList: object({
    data: {
      type: 'array',
      items: object({ slug: text, name: text, color: text, upcomingEvents: { type: 'integer', minimum: 0 }, url }),
    },
  }),
  PartnerList: object({
    data: {
      type: 'array',
      items: object({
        id: text,
        name: text,
        kind: { type: 'string', enum: ['partner', 'donor'] },
        description: text,
        url,
        websiteUrl: nullable(url),
        logoUrl: nullable(url),
      }),
    },
  }),
  Problem: object({ type: text, title: text, status: { type: 'integer' }, detail: text }),
} as const;

export { EVENT_FIELDS };
