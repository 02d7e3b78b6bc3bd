// The one refusal of a use case: a French message for the person, the form field it concerns ('form' for the whole
// form) and the HTTP status that says what kind of refusal it is (400 bad input, 403 not allowed, 404 unknown, 409
// changed meanwhile, 503 a provider down). Routes turn it into field messages (app/.server/platform/refusal.ts).
export class UseCaseError extends Error {
  constructor(
    message: string,
    readonly field: string = 'form',
    readonly status: number = 400,
  ) {
    super(message);
    this.name = 'UseCaseError';
  }
}
