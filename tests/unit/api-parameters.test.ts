// /developpeurs explains every query parameter that /api/v1/events reads (issue 70's walk: « autour », « rayon », « lat »
// and « lon » were in the OpenAPI document but not on the page).
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../app/.server/api/openapi';
import { API_EVENT_PARAMETERS } from '../../app/domain/api-parameters';

describe('the developers’ page', () => {
  it('names each parameter of GET /events that the OpenAPI document lists, and no other', () => {
    const api = openApiDocument('https://agenda.test')
      .paths['/events'].get.parameters.filter((p: { in: string }) => p.in === 'query')
      .map((p: { name: string }) => p.name);
    const explained = API_EVENT_PARAMETERS.flatMap(([names]) => names.split(', '));
    expect([...explained].sort()).toEqual([...api].sort());
  });
});
