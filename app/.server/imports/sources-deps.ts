// What the routes and the scheduled job give the import: the store and the safe fetcher of the services.
import type { Services } from '../services';
import type { SourcesDeps } from './admin-sources';

export function sourcesDeps(services: Services): SourcesDeps {
  return { store: services.store, fetchText: services.fetchText };
}
