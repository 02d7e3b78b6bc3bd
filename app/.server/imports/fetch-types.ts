// The safe fetcher's interface (app/.server/platform/safe-fetch.ts, issue 21 part A), as the import uses it: the
// import takes a FetchText, so that tests may pass one that reaches their local fixture server.
export interface FetchedText {
  url: string;
  contentType: string;
  text: string;
  etag: string | null;
  lastModified: string | null;
}
export interface SafeFetchOptions {
  accept: 'calendar' | 'html';
  maxBytes?: number;
  timeoutMs?: number;
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
}
/** Refusals are UseCaseErrors, in French. */
export type FetchText = (url: string, options: SafeFetchOptions) => Promise<FetchedText | 'not-modified'>;
