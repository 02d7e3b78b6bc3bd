// What the routes and the scheduled job give the import: the store and the safe fetcher of the services
// (services.fetchText, issue 21 part A); until it is merged, the interim reader (interim-fetch.ts).
import type { Services } from '../services';
import type { SourcesDeps } from './admin-sources';
import type { FetchText } from './fetch-types';
import { interimFetchText } from './interim-fetch';

export function sourcesDeps(services: Services): SourcesDeps {
  const shared = (services as Services & { fetchText?: FetchText }).fetchText;
  return {
    store: services.store,
    fetchText: shared ?? interimFetchText(process.env.IMPORT_ALLOW_LOOPBACK === 'true'),
  };
}
