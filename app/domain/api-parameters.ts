// The query parameters of /api/v1/events as /developpeurs explains them; a test checks that the OpenAPI document
// names no other.
import { RADIUS_OPTIONS } from './distance';

export const API_EVENT_PARAMETERS: [string, string][] = [
  ['q', 'recherche dans le titre, la description, le lieu, la localité et l’organisateur'],
  ['category', 'slug d’une catégorie (voir /api/v1/categories), p. ex. musique'],
  ['canton', 'code du canton : GE, VD, VS, NE, FR, JU ou BE'],
  ['quand', 'aujourdhui, demain, week-end, semaine ou mois'],
  ['du, au', 'premier et dernier jour, au format AAAA-MM-JJ'],
  [
    'vacances',
    'seulement les dates pendant les vacances scolaires d’un canton, par son code ou son nom (VD ou vaud)\u00a0; 1 prend celui de canton',
  ],
  [
    'autour',
    'une localité suisse, telle qu’on l’écrit\u00a0: son nom, avec ou sans article ni accents, son NPA, son canton (Nyon VD) ou son nom allemand (Biel)',
  ],
  ['lat, lon', 'au lieu d’autour\u00a0: la position du centre, en Suisse, arrondie à deux décimales'],
  ['rayon', `le rayon en km autour du centre (autour, ou lat et lon)\u00a0: ${RADIUS_OPTIONS.join(', ')}`],
  [
    'lieu, organisateur',
    'l’adresse de la page d’un lieu ou d’un organisateur (voir /api/v1/venues et /api/v1/organizers)',
  ],
  ['gratuit, famille, accessible', '1 pour ne garder que les événements gratuits, pour les familles, accessibles'],
  [
    'group',
    'occurrences (par défaut)\u00a0: une ligne par date d’une série\u00a0; series\u00a0: une ligne par série, à sa prochaine date',
  ],
  ['sort', 'date (par défaut) ou, avec q, relevance\u00a0: les plus pertinents d’abord'],
  ['limit', 'nombre d’événements par page, de 1 à 100 (20 par défaut)'],
  ['cursor', 'le champ « next » de la page précédente, avec les mêmes filtres'],
  ['fields', 'les champs voulus, séparés par des virgules (p. ex. title,startsAt,url) ; l’identifiant vient toujours'],
];
