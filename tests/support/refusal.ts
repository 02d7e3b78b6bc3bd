// The refusal a use case answers with: the test fails unless the promise is rejected with a UseCaseError.
import { expect } from 'vitest';
import { UseCaseError } from '../../app/.server/platform/use-case-error';

export async function refusal(promise: Promise<unknown>): Promise<UseCaseError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UseCaseError);
  return error as UseCaseError;
}
