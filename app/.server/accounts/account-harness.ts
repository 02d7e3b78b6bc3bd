// The account use cases on an in-memory store, with mails delivered at once on the test's clock: shared by the
// account test files.
import { deliveringMailer, memoryStore } from '../../../tests/unit/memory-store';
import type { UseCaseError } from '../platform/use-case-error';
import { type AccountDeps, registerAccount } from './accounts';

export function setup(start = new Date('2026-11-22T10:00:00Z')) {
  const { db, store } = memoryStore();
  let now = start;
  const mailer = deliveringMailer(store, { now: () => now });
  const deps = { store, mailer, config: { SITE_URL: 'https://agenda.test' }, now: () => now };
  return { db, store, mailer, deps, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

export async function registered(deps: AccountDeps) {
  const user = await registerAccount(deps, {
    email: 'lea@exemple.ch',
    password: 'une phrase assez longue',
    displayName: 'Léa',
  });
  if (!user) throw new Error('compte non créé');
  return user;
}

export const linkOf = (text: string, path: string) =>
  new URL(text.match(new RegExp(`https://agenda.test${path}\\S+`))![0]);
export const tokenOf = (text: string, path: string) => linkOf(text, path).searchParams.get('token')!;
export const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: UseCaseError) => e.message,
  );
