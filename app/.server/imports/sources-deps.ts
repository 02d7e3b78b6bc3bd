// What the routes and the scheduled job give the import: the store and the safe fetcher of the services.

import { UseCaseError } from '../platform/use-case-error';
import type { Services } from '../services';
import type { SourcesDeps } from './admin-sources';
import type { FetchText } from './fetch-types';

export function sourcesDeps(services: Services): SourcesDeps {
  const fetchText = (services as Services & { fetchText?: FetchText }).fetchText;
  return {
    store: services.store,
    fetchText:
      fetchText ??
      (async () => {
        throw new UseCaseError('La lecture des calendriers n’est pas disponible sur ce serveur.', 'form', 503);
      }),
  };
}
