// How often a calendar source is read: the choices of /admin/sources, apart from the schema of source-form.ts (which
// re-exports them), so that the page carries them without zod (issue 50).

/** How often a source is read: from every hour (the job's tick, the default) to once a day. */
export const SOURCE_INTERVALS = [
  { minutes: 60, label: 'toutes les heures' },
  { minutes: 180, label: 'toutes les 3\u00a0heures' },
  { minutes: 360, label: 'toutes les 6\u00a0heures' },
  { minutes: 720, label: 'toutes les 12\u00a0heures' },
  { minutes: 1440, label: 'une fois par jour' },
] as const;
export const DEFAULT_SOURCE_INTERVAL = 60;
