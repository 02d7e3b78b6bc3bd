// The lists of the OpenAPI document: /categories, /partners, and the venues and organizers of issue 36 (/venues,
// /organizers, and the `lieu` and `organisateur` filters of /events). Built from the document's pieces (openapi.ts).
import { CANTON_CODES } from '~/domain/cantons';
import type { OpenApiPieces } from './openapi-schemas';

export function placeFilterParams({ query, examples }: Pick<OpenApiPieces, 'query' | 'examples'>) {
  const slug = { type: 'string', pattern: '^[a-z0-9-]+$' };
  return [
    query(
      'lieu',
      'Seulement les événements de ce lieu (son adresse, voir /venues)\u00a0; une ancienne adresse suit la fiche gardée.',
      slug,
      examples.venue,
    ),
    query(
      'organisateur',
      'Seulement ceux de cet organisateur (son adresse, voir /organizers).',
      slug,
      examples.organizer,
    ),
  ];
}

export function listPaths({ json, dataList, limited, problem, nullable, url, query, open, examples }: OpenApiPieces) {
  const common = {
    slug: { type: 'string', description: 'L’adresse de sa page, le filtre `lieu` ou `organisateur` de /events.' },
    name: { type: 'string' },
    url: { ...url, description: 'Sa page publique.' },
    websiteUrl: nullable('string'),
    description: { type: 'string' },
    upcomingEvents: {
      type: 'integer',
      minimum: 0,
      description: 'Ses événements publics à venir (une série compte une fois).',
    },
    eventsUrl: { ...url, description: 'Ses événements dans cette API.' },
  };
  const flag = { type: 'boolean' };
  return {
    '/categories': {
      get: {
        operationId: 'listCategories',
        ...open,
        summary: 'Les catégories actives',
        responses: {
          200: json(
            'Les catégories, dans l’ordre du site.',
            dataList({
              slug: { type: 'string' },
              name: { type: 'string' },
              color: { type: 'string' },
              upcomingEvents: { type: 'integer', minimum: 0 },
              url,
            }),
          ),
          429: limited,
        },
      },
    },
    '/partners': {
      get: {
        operationId: 'listPartners',
        ...open,
        summary: 'Les partenaires et donateurs actifs',
        responses: {
          200: json(
            'Les partenaires.',
            dataList({
              id: { type: 'string' },
              name: { type: 'string' },
              kind: { type: 'string', enum: ['partner', 'donor'] },
              description: { type: 'string' },
              url,
              websiteUrl: nullable('string'),
              logoUrl: nullable('string'),
            }),
          ),
          429: limited,
        },
      },
    },
    '/venues': {
      get: {
        operationId: 'listVenues',
        ...open,
        summary: 'Les lieux publics, par canton et localité',
        parameters: [
          query('q', 'Mots du nom ou de la localité (sans accents ni majuscules).', { type: 'string' }),
          query('canton', 'Canton.', { type: 'string', enum: [...CANTON_CODES] }, 'VD'),
        ],
        responses: {
          200: json(
            'Les lieux.',
            dataList({
              ...common,
              address: {
                type: 'object',
                required: ['street', 'postalCode', 'locality', 'canton'],
                properties: {
                  street: { type: 'string' },
                  postalCode: { type: 'string' },
                  locality: { type: 'string' },
                  canton: { type: 'string', enum: [...CANTON_CODES] },
                },
              },
              geo: nullable('object', {
                required: ['lat', 'lng'],
                properties: { lat: { type: 'number' }, lng: { type: 'number' } },
              }),
              stop: nullable('string', { description: 'L’arrêt de transports publics, comme l’horaire CFF le nomme.' }),
              photoUrl: nullable('string'),
              accessibility: {
                type: 'object',
                required: ['wheelchair', 'inductionLoop', 'accessibleToilets', 'okGo', 'cultureInclusive'],
                properties: {
                  wheelchair: flag,
                  inductionLoop: flag,
                  accessibleToilets: flag,
                  okGo: { ...flag, description: 'Label OK:GO.' },
                  cultureInclusive: {
                    ...flag,
                    description: 'Label «\u00a0Kultur inklusiv / Culture inclusive\u00a0».',
                  },
                },
              },
            }),
          ),
          400: problem('Le canton est inconnu.'),
          429: limited,
        },
      },
    },
    '/organizers': {
      get: {
        operationId: 'listOrganizers',
        ...open,
        summary: 'Les organisateurs publics, par nom',
        parameters: [
          query('q', 'Mots du nom (sans accents ni majuscules).', { type: 'string' }, examples.organizerSearch),
        ],
        responses: {
          200: json('Les organisateurs.', dataList({ ...common, logoUrl: nullable('string') })),
          429: limited,
        },
      },
    },
  };
}
