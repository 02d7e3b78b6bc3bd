// What a Remix route function answered, thrown or returned: a Response, or Remix's data() (with its init).

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
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return { status: outcome.status, location: outcome.headers.get('Location'), data: null, response: outcome };
  }
  const wrapped = outcome as { data?: unknown; init?: { status?: number } | null };
  if (wrapped && typeof wrapped === 'object' && 'init' in wrapped) {
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data, response: null };
  }
  return { status: 200, location: null, data: outcome, response: null };
}
