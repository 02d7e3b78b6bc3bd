// What a Remix route function answered, thrown or returned: a Response (its JSON read as `data`), or Remix's data()
// (with its init). Anything else thrown is a fault of the route (a 500 in production), so it is thrown again for the
// test to fail on.

export interface RouteAnswer {
  status: number;
  location: string | null;
  data: unknown;
  response: Response | null;
}

export async function routeAnswer(run: () => Promise<unknown>): Promise<RouteAnswer> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isData(thrown)) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    // A JSON answer's payload (a refused request's `{ message }`), read from a copy: the response stays unread.
    const json = (outcome.headers.get('Content-Type') ?? '').includes('application/json');
    const data = json ? await outcome.clone().json() : null;
    return { status: outcome.status, location: outcome.headers.get('Location'), data, response: outcome };
  }
  if (isData(outcome)) {
    return { status: outcome.init?.status ?? 200, location: null, data: outcome.data, response: null };
  }
  return { status: 200, location: null, data: outcome, response: null };
}

/** Remix's data(): an object with the payload and its ResponseInit. */
function isData(value: unknown): value is { data: unknown; init: { status?: number } | null } {
  return Boolean(value) && typeof value === 'object' && 'init' in (value as object);
}
