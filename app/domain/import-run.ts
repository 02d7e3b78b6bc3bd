// A run of a calendar source in words (the run log and the flash after « Importer maintenant »), with French
// agreement: 0 and 1 take the singular.
const count = (n: number, one: string, many: string) => `${n}\u00a0${n > 1 ? many : one}`;

export interface RunCounts {
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  cancelled: number;
  withdrawn: number;
  duplicates: number;
}

/** A VEVENT the run could not read: its UID and its line in the feed. */
export interface ImportRunError {
  uid: string;
  line: number;
  message: string;
}

/** One run of a source, as the run log keeps it. */
export interface ImportRun extends RunCounts {
  id: string;
  sourceId: string;
  startedAt: string;
  ok: boolean;
  /** The server answered 304: nothing was read. */
  notModified: boolean;
  errors: ImportRunError[];
}

export function runSummary(run: RunCounts): string {
  return [
    count(run.fetched, 'lu', 'lus'),
    count(run.created, 'nouveau', 'nouveaux'),
    count(run.updated, 'modifié', 'modifiés'),
    count(run.unchanged, 'inchangé', 'inchangés'),
    count(run.cancelled, 'annulé', 'annulés'),
    count(run.withdrawn, 'retiré', 'retirés'),
    count(run.duplicates, 'doublon', 'doublons'),
  ].join(' · ');
}
