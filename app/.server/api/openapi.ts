// The OpenAPI 3.1 document of /api/v1, as data (served at /api/v1/openapi.json). Every operation carries an example
// request (its parameters' `example`, taken from the demo content: DEMO_EXAMPLES, openapi-schemas.ts) that tests/contract/openapi.test.ts
// calls on the seeded demo site and checks against the schema here; the suite also lints it (Redocly's rules).
import { CANTON_CODES } from '~/domain/cantons';
import { DEFAULT_RADIUS, RADIUS_OPTIONS, SWISS_BOUNDS } from '~/domain/distance';
import { WHEN_OPTIONS } from '~/domain/event-filters';
import { API_DEFAULT_LIMIT, API_MAX_LIMIT } from './events';
import { listPaths, placeFilterParams } from './openapi-lists';
import {
  DEMO_EXAMPLES,
  Event,
  EventWithDates,
  Image,
  json,
  limited,
  nullable,
  open,
  Problem,
  pieces,
  problem,
  query,
} from './openapi-schemas';
import { EVENT_FIELDS } from './representation';

const fields = query(
  'fields',
  `Champs à livrer (l’identifiant vient toujours), séparés par des virgules, parmi\u00a0: ${EVENT_FIELDS.join(', ')}.`,
  { type: 'string' },
);

export function openApiDocument(siteUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agenda romand — API publique',
      version: '1.0.0',
      description:
        'Les événements publics de Suisse romande, en lecture seule, sans clé. Mêmes filtres que la page /evenements. ' +
        'Erreurs en application/problem+json, texte en français. Voir /developpeurs.',
      license: {
        name: 'Conditions d’utilisation d’Agenda romand',
        url: `${siteUrl}/legal#propriete-intellectuelle`,
      },
    },
    // Relative to where the document is served: the site that serves it, whatever its address (RFC 3986, 5.2).
    servers: [{ url: '/api/v1', description: 'Ce site.' }],
    // No key, no account: every operation is open to all (each says so too).
    security: [],
    paths: {
      '/events': {
        get: {
          operationId: 'listEvents',
          ...open,
          summary: 'Les événements publics à venir, une ligne par date d’une série ou une par série',
          parameters: [
            query('q', 'Recherche plein texte.', { type: 'string' }),
            query('category', 'Catégorie (slug, voir /categories).', { type: 'string' }, 'musique'),
            query('canton', 'Canton.', { type: 'string', enum: [...CANTON_CODES] }, 'VD'),
            query(
              'quand',
              'Raccourci de dates (jours de Zurich) : aujourdhui, demain, week-end (du vendredi 17:00 au dimanche soir), semaine (jusqu’à dimanche), mois. Sans effet avec `du` ou `au`.',
              { type: 'string', enum: WHEN_OPTIONS.map((o) => o.value) },
              'week-end',
            ),
            query(
              'du',
              'Premier jour (AAAA-MM-JJ). Sa nuit, jusqu’à 06:00, est celle de la veille : un concert de 21:00 à 01:30 n’y est pas (de même pour demain).',
              { type: 'string', format: 'date' },
            ),
            query('au', 'Dernier jour (AAAA-MM-JJ).', { type: 'string', format: 'date' }),
            query('gratuit', '1\u00a0: seulement les événements gratuits.', { type: 'string', enum: ['1'] }),
            query('famille', '1\u00a0: seulement ceux pour les familles.', { type: 'string', enum: ['1'] }),
            query('accessible', '1\u00a0: seulement ceux accessibles en fauteuil.', { type: 'string', enum: ['1'] }),
            query(
              'vacances',
              'Seulement les dates qui tombent pendant les vacances scolaires de ce canton, par son code ou son nom (`VD` ou `vaud`\u00a0; BE\u00a0: le Jura bernois), premier et dernier jour compris, en jours de Zurich\u00a0; `1` prend le canton de `canton`. Se combine avec les dates\u00a0: `vacances=VD&du=2026-10-10&au=2026-10-16`, la première semaine des vacances d’automne vaudoises.',
              { type: 'string', enum: [...CANTON_CODES, '1'] },
              'VD',
            ),
            ...placeFilterParams(pieces),
            // Around a place (issue 47): a locality of the list or a position, and a radius.
            query(
              'autour',
              'Seulement les événements situés dans le rayon autour de cette localité suisse (son nom, sans égard aux majuscules ni aux accents, avec ou sans article, son canton ou son NPA\u00a0: «\u00a0Morges\u00a0», «\u00a0geneve\u00a0», «\u00a0Chaux-de-Fonds\u00a0», «\u00a0Nyon VD\u00a0», «\u00a01040\u00a0», «\u00a0Biel\u00a0»)\u00a0; un événement sans coordonnées n’en fait jamais partie. Une localité inconnue\u00a0: 400.',
              { type: 'string', maxLength: 100 },
            ),
            query(
              'lat',
              'Avec `lon`, au lieu d’`autour`\u00a0: la latitude du centre, en Suisse (45.8 à 47.85), arrondie à deux décimales.',
              { type: 'number', minimum: SWISS_BOUNDS.minLat, maximum: SWISS_BOUNDS.maxLat },
            ),
            query(
              'lon',
              'Avec `lat`\u00a0: la longitude du centre, en Suisse (5.9 à 10.55), arrondie à deux décimales.',
              { type: 'number', minimum: SWISS_BOUNDS.minLng, maximum: SWISS_BOUNDS.maxLng },
            ),
            query(
              'rayon',
              `Le rayon autour du centre, en km (${DEFAULT_RADIUS} par défaut)\u00a0; demande \`autour\` ou \`lat\` et \`lon\`. Les résultats restent par date.`,
              { type: 'integer', enum: [...RADIUS_OPTIONS] },
            ),
            query(
              'limit',
              `Taille de la page (1 à ${API_MAX_LIMIT}, ${API_DEFAULT_LIMIT} par défaut).`,
              { type: 'integer', minimum: 1, maximum: API_MAX_LIMIT },
              5,
            ),
            query(
              'group',
              'occurrences (par défaut)\u00a0: une ligne par date d’une série\u00a0; series\u00a0: une ligne par série, à sa prochaine date de la période demandée (non annulée si possible), `series.matchingDates` donnant ses dates retenues qui ont lieu.',
              { type: 'string', enum: ['occurrences', 'series'] },
              'series',
            ),
            query(
              'sort',
              'date (par défaut)\u00a0: par date, la pertinence départageant un même instant\u00a0; relevance\u00a0: avec `q`, les plus pertinents d’abord.',
              { type: 'string', enum: ['date', 'relevance'] },
            ),
            query('cursor', 'Le champ `next` de la page précédente, avec les mêmes filtres.', { type: 'string' }),
            fields,
          ],
          responses: {
            200: json('Une page d’événements.', {
              type: 'object',
              required: ['data', 'next'],
              properties: {
                data: { type: 'array', items: { $ref: '#/components/schemas/Event' } },
                next: nullable('string', { description: 'Curseur de la page suivante, null à la fin.' }),
              },
            }),
            400: problem(
              'Un filtre (dont une localité inconnue, un rayon hors de la liste, une position hors de Suisse), `limit`, `fields` ou le curseur est invalide.',
            ),
            429: limited,
          },
        },
      },
      '/events/{id}': {
        get: {
          operationId: 'getEvent',
          ...open,
          summary: 'Un événement public',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: DEMO_EXAMPLES.eventId },
            fields,
          ],
          responses: {
            200: json('L’événement.', {
              type: 'object',
              required: ['data'],
              properties: { data: { $ref: '#/components/schemas/EventWithDates' } },
            }),
            404: problem('Aucun événement public ne porte cet identifiant.'),
            429: limited,
          },
        },
      },
      ...listPaths(pieces),
    },
    components: { schemas: { Event, EventWithDates, Image, Problem } },
  };
}
