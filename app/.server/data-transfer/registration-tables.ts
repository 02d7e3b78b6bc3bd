// The tables of places to book (migration 32, decision 168) in the neutral dataset form: a date's opening (its counter
// `nextSeq`, Firestore's `turn`) and its registrations (a secret of the export: secrets.ts).
export const REGISTRATION_TABLES = {
  registrationOpenings: [
    'registration_openings',
    [
      ['eventId', 'event_id', 'text'],
      ['startsAt', 'starts_at', 'text'],
      ['places', 'places', 'num'],
      ['closesAt', 'closes_at', 'text'],
      ['waitingList', 'waiting_list', 'bool'],
      ['perPerson', 'per_person', 'num'],
      ['questions', 'questions', 'json'],
      ['closed', 'closed', 'bool'],
      ['confirmed', 'confirmed', 'num'],
      ['waiting', 'waiting', 'num'],
      ['nextSeq', 'next_seq', 'num'],
      ['remindedAt', 'reminded_at', 'text'],
      ['createdAt', 'created_at', 'text'],
      ['updatedAt', 'updated_at', 'text'],
    ],
  ],
  registrations: [
    'registrations',
    [
      ['id', 'id', 'text'],
      ['eventId', 'event_id', 'text'],
      ['startsAt', 'starts_at', 'text'],
      ['name', 'name', 'text'],
      ['email', 'email', 'text'],
      ['people', 'people', 'num'],
      ['answers', 'answers', 'json'],
      ['status', 'status', 'text'],
      ['tokenHash', 'token_hash', 'text'],
      ['seq', 'seq', 'num'],
      ['createdAt', 'created_at', 'text'],
      ['updatedAt', 'updated_at', 'text'],
    ],
  ],
} as const satisfies Record<string, [string, [string, string, 'text' | 'bool' | 'json' | 'num'][]]>;
