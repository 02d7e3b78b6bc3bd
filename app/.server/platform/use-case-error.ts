// The one refusal of a use case: a French message for the person, the form field it concerns ('form' for the whole
// form) and the HTTP status that says what kind of refusal it is (400 bad input, 403 not allowed, 404 unknown, 409
// changed meanwhile, 429 too many attempts, 503 a provider down). Routes turn it into field messages
// (app/.server/platform/refusal.ts); a 429 says when to try again (`retryAfter`, whole seconds), which the route sends
// as `Retry-After`.
import { data } from '@remix-run/node';

export class UseCaseError extends Error {
  constructor(
    message: string,
    readonly field: string = 'form',
    readonly status: number = 400,
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = 'UseCaseError';
  }
}

/**
 * A loader's use case: its refusal becomes the site's error page with its status and message (someone else's event,
 * or none: « Page introuvable », 404), never a 500. Other errors pass as they are.
 */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof UseCaseError)) throw error;
    throw data({ message: error.message }, { status: error.status });
  }
}
