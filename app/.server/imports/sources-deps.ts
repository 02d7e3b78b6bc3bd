// What the routes and the scheduled job give the import: the store, the safe fetcher and the limits of a run.
import type { Services } from '../services';
import type { SourcesDeps } from './admin-sources';

export function sourcesDeps(services: Services): SourcesDeps {
  const { config } = services;
  return {
    store: services.store,
    fetchText: services.fetchText,
    limits: { maxEvents: config.IMPORT_MAX_EVENTS, maxDates: config.IMPORT_MAX_DATES },
  };
}
