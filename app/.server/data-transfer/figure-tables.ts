// What organizers and admins see of the events (migration 34, decision 171) in the neutral dataset form: counts kept
// as they happened, carried as they are (nothing rebuilds them).
export const FIGURE_TABLES = {
  eventFigures: [
    'event_figures',
    [
      ['eventId', 'event_id', 'text'],
      ['day', 'day', 'text'],
      ['week', 'week', 'text'],
      ['kind', 'kind', 'text'],
      ['n', 'n', 'num'],
    ],
  ],
  siteFigures: [
    'site_figures',
    [
      ['week', 'week', 'text'],
      ['category', 'category', 'text'],
      ['canton', 'canton', 'text'],
      ['kind', 'kind', 'text'],
      ['n', 'n', 'num'],
    ],
  ],
} as const satisfies Record<string, [string, [string, string, 'text' | 'bool' | 'json' | 'num'][]]>;
