// The public API's reading of events: the filters of /evenements read by the list page's own parser, the same store
// query (queryFromFilters), one row per occurrence of a series or one per series (`group`, decision 065), an opaque
// cursor and a choice of fields.
import crypto from 'node:crypto';
import { namesCloseTo } from '~/domain/close-localities';
import { filtersToParams, parseEventFilters, WHEN_OPTIONS } from '~/domain/event-filters';
import { findLocality, namesakes } from '~/domain/localities';
import { activeCategorySlugs, categoryInfos } from '../categories/categories';
import { cachedPlaceScope, cachedRead, getEventForViewer, queryFromFilters, schoolHolidays } from '../events/public';
import type { Store } from '../ports';
import { registrationsOf } from '../registrations/registrations';
import { type ApiEvent, apiEvent, apiRegistration, EVENT_FIELDS, zurichIsoOffset } from './representation';

export const API_DEFAULT_LIMIT = 20;
export const API_MAX_LIMIT = 100;

/** A refusal of the API: its status and its French `detail` (application/problem+json). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** Members of the problem beyond RFC 9457's own (« localities » for a place not understood). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

const badRequest = (detail: string) => new ApiProblem(400, 'Requête invalide', detail);

export const RADIUS_WITHOUT_CENTRE =
  '«\u00a0rayon\u00a0» demande un centre\u00a0: «\u00a0autour\u00a0» (une localité) ou «\u00a0lat\u00a0» et «\u00a0lon\u00a0».';

/** The filters the list page understands, each refused when given but not understood (a page ignores it). */
const FILTER_PARAMS = {
  category: 'category',
  canton: 'canton',
  quand: 'when',
  du: 'from',
  au: 'to',
  lieu: 'venue',
  organisateur: 'organizer',
  vacances: 'holidays',
} as const;

function readFilters(params: URLSearchParams, active: readonly string[]) {
  const { filters, searchError, nearError } = parseEventFilters(params, active);
  if (searchError) throw badRequest(searchError);
  // Around a place (issue 47): an unknown locality, a radius off the list, a position outside Switzerland. A name of
  // several localities or a misspelt one comes with the names `autour` takes (« Cugy (VD) », « Echallens »): the
  // page's list, for a program (issue 70).
  if (nearError) {
    const typed = (params.get('autour') ?? '').trim().slice(0, 100);
    const localities = typed && (namesakes(typed).length > 0 || !findLocality(typed)) ? namesCloseTo(typed) : [];
    throw new ApiProblem(400, 'Requête invalide', nearError, localities.length > 0 ? { localities } : {});
  }
  if (params.get('rayon') && !filters.near) throw badRequest(RADIUS_WITHOUT_CENTRE);
  for (const [param, key] of Object.entries(FILTER_PARAMS)) {
    const given = params.get(param);
    // A known « quand » beside dates is understood, and has no effect: the dates win (parseEventFilters).
    const understood = param === 'quand' ? WHEN_OPTIONS.some((o) => o.value === given) : Boolean(filters[key]);
    if (given && !understood) throw badRequest(`Valeur inconnue pour « ${param} » : « ${given} ».`);
  }
  return filters;
}

function readLimit(params: URLSearchParams): number {
  const given = params.get('limit');
  if (given === null || given === '') return API_DEFAULT_LIMIT;
  const limit = Number(given);
  if (!Number.isInteger(limit) || limit < 1 || limit > API_MAX_LIMIT) {
    throw badRequest(`« limit » doit être un nombre entier entre 1 et ${API_MAX_LIMIT}.`);
  }
  return limit;
}

/** How a series comes: one row per date (`occurrences`, the default since version 1) or one row per series. */
export const API_GROUPS = ['occurrences', 'series'] as const;
/** The order: by date (the default), or with `q` the most relevant first. */
export const API_SORTS = ['date', 'relevance'] as const;

function readChoice<T extends string>(params: URLSearchParams, name: string, choices: readonly T[]): T {
  const given = params.get(name);
  if (given === null || given === '') return choices[0];
  if ((choices as readonly string[]).includes(given)) return given as T;
  throw badRequest(`Valeur inconnue pour « ${name} » : « ${given} ». Valeurs possibles : ${choices.join(', ')}.`);
}

type Field = (typeof EVENT_FIELDS)[number];

export function readFields(params: URLSearchParams): readonly Field[] | null {
  const given = params.get('fields');
  if (!given) return null;
  const names = given
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(EVENT_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw badRequest(
      `Champ inconnu dans « fields » : ${unknown.join(', ')}. Champs possibles : ${EVENT_FIELDS.join(', ')}.`,
    );
  }
  return names as Field[];
}

export function pickFields(event: ApiEvent, fields: readonly Field[] | null): Partial<ApiEvent> {
  if (!fields) return event;
  // The id always comes: what one asks for again (one event) or dedupes on.
  const chosen = new Set<Field>(['id', ...fields]);
  return Object.fromEntries([...chosen].map((field) => [field, event[field]])) as Partial<ApiEvent>;
}

// The cursor carries the position and a fingerprint of the filters it belongs to: opaque to clients, refused with
// other filters. A position, not a keyset: pages are stable while the agenda does not change (decision 046).
const fingerprint = (query: string) => crypto.createHash('sha256').update(query).digest('base64url').slice(0, 10);

function encodeCursor(offset: number, query: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint(query) })).toString('base64url');
}

function decodeCursor(cursor: string | null, query: string): number {
  if (!cursor) return 0;
  try {
    const { o, f } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Number.isSafeInteger(o) && o >= 0 && f === fingerprint(query)) return o;
  } catch {}
  throw badRequest('Curseur invalide : reprenez le champ « next » d’une réponse avec les mêmes filtres.');
}

/** GET /api/v1/events: a page of public events (one row per occurrence, or per series) and the next cursor. */
export async function listApiEvents(
  { store }: { store: Store },
  params: URLSearchParams,
  siteUrl: string,
  now = new Date(),
) {
  const [active, categories] = await Promise.all([activeCategorySlugs({ store }), categoryInfos({ store })]);
  const filters = readFilters(params, active);
  const limit = readLimit(params);
  const fields = readFields(params);
  const group = readChoice(params, 'group', API_GROUPS);
  const sort = readChoice(params, 'sort', API_SORTS);
  // The defaults leave the fingerprint as it was: cursors given before `group` and `sort` existed stay valid.
  const query = filtersToParams(filters, {
    ...(group === 'series' ? { group } : {}),
    ...(sort === 'relevance' ? { sort } : {}),
  }).toString();
  const offset = decodeCursor(params.get('cursor'), query);
  const scope = await cachedPlaceScope({ store }, filters);
  for (const param of scope.unknown)
    throw badRequest(`Aucun ${param} public ne porte l’adresse «\u00a0${params.get(param)}\u00a0».`);
  const holidays = filters.holidays ? await schoolHolidays({ store }) : undefined;
  // One more than the page: whether a next one exists, without counting every event (issue 69).
  const { items: read } = await cachedRead(store, `api:${query}:${offset}:${limit}`, () =>
    store.events.search({
      ...queryFromFilters(filters, now, scope, holidays),
      oneRowPerEvent: group === 'series',
      byRelevance: sort === 'relevance',
      itemsOnly: true,
      limit: limit + 1,
      offset,
    }),
  );
  const items = read.slice(0, limit);
  // The page's places to book in one read, outside the cache: a registration changes them, not the events.
  const registration = await registrationsOf({ store }, items, now);
  return {
    data: items.map((event) => pickFields(apiEvent(event, siteUrl, categories, registration(event)), fields)),
    next: read.length > limit ? encodeCursor(offset + items.length, query) : null,
  };
}

/**
 * GET /api/v1/events/{id}: one public event as the public sees it (its approved content), or a 404. A series adds its
 * dates from now on, each saying whether it is cancelled (decision 068); `dates` is null for a single date.
 */
export async function getApiEvent(
  { store }: { store: Store },
  id: string,
  params: URLSearchParams,
  siteUrl: string,
  now = new Date(),
) {
  // `dates` belongs to this answer only (a list has one row per date already): asked for apart from the others.
  const asked = params.get('fields') ? (params.get('fields') ?? '').split(',').map((name) => name.trim()) : null;
  const others = asked?.filter((name) => name && name !== 'dates') ?? [];
  const fields = asked ? (others.length ? readFields(new URLSearchParams({ fields: others.join(',') })) : []) : null;
  const withDates = !asked || asked.includes('dates');
  const [view, categories] = await Promise.all([getEventForViewer({ store }, id, null), categoryInfos({ store })]);
  if (!view) throw new ApiProblem(404, 'Introuvable', 'Aucun événement public ne porte cet identifiant.');
  const { event } = view;
  const occurrences = event.schedule && withDates ? await store.events.occurrences(event.id, now.toISOString()) : [];
  // The event's date and each of a series' dates: their places to book in one read.
  const keys = [event, ...occurrences.map((o) => ({ id: event.id, startsAt: o.startsAt }))];
  const registration = await registrationsOf({ store }, keys, now);
  const data = pickFields(apiEvent(event, siteUrl, categories, registration(event)), fields);
  if (!withDates) return { data };
  const dates = event.schedule
    ? occurrences.map((o) => ({
        startsAt: zurichIsoOffset(o.startsAt),
        endsAt: o.openEnd ? null : zurichIsoOffset(o.endsAt),
        cancelled: event.status === 'cancelled' || o.cancelled,
        registration: apiRegistration(registration({ id: event.id, startsAt: o.startsAt })),
      }))
    : null;
  return { data: { ...data, dates } };
}
