// The one refusal of a use case: a French message for the person, the form field it concerns ('form' for the whole
// form) and the HTTP status that says what kind of refusal it is (400 bad input, 403 not allowed, 404 unknown, 409
// changed meanwhile, 429 too many attempts, 503 a provider down). Routes turn it into field messages, or a loader's
// into the error page (app/.server/platform/refusal.ts); a 429 says when to try again (`retryAfter`, whole seconds),
// which the route sends as `Retry-After`. No Remix here: the services throw it, and the jobs process loads no Remix.

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
