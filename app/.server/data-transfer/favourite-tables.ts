// An account's favourites and its feed's secret (migration 35, decision 170), and what it follows (migration 36) in the neutral dataset form: the date is
// '' for an event or a whole series, on both stores.
export const FAVOURITE_TABLES = {
  favourites: [
    'favourites',
    [
      ['uid', 'uid', 'text'],
      ['eventId', 'event_id', 'text'],
      ['startsAt', 'starts_at', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  favouriteFeeds: [
    'favourite_feeds',
    [
      ['uid', 'uid', 'text'],
      ['token', 'token', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
  // What an account follows (migration 36, decision 173).
  follows: [
    'follows',
    [
      ['uid', 'uid', 'text'],
      ['kind', 'kind', 'text'],
      ['slug', 'slug', 'text'],
      ['createdAt', 'created_at', 'text'],
    ],
  ],
} as const satisfies Record<string, [string, [string, string, 'text' | 'bool' | 'json' | 'num'][]]>;
