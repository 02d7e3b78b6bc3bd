// The test clock: with TEST_CLOCK=<an instant> (e.g. 2026-12-05T18:00:00+01:00), `new Date()` and `Date.now()` in this
// process and in the processes it starts read that instant, then run on from it at the real pace. Loaded only by the
// tests (`node --import ./tests/support/test-clock.ts build/server.js`, vitest's setup file, Playwright's config),
// never by the build nor `npm start`: production cannot take its time from it (docs/decisions/119-horloge-des-tests.md).

// The real Date is kept on the global object: a module loaded again (vitest isolates each test file) finds it there,
// and does not shift an already shifted clock.
const REAL = Symbol.for('agenda-romand.real-date');
const global = globalThis as typeof globalThis & { [REAL]?: DateConstructor };
global[REAL] ??= globalThis.Date;

/** The real Date, for the rare test that needs the machine's time whatever the test clock says. */
export const RealDate: DateConstructor = global[REAL];

/** An environment: process.env, or a test's own. */
type Env = Record<string, string | undefined>;

/** Fixed by the first process that installs the clock, inherited by its children: all read the same time. */
const SET_AT = 'TEST_CLOCK_SET_AT';

/** The clock's offset from the machine's, or null without TEST_CLOCK. Refuses an instant that is not one. */
export function testClockOffset(env: Env = process.env): number | null {
  const wanted = env.TEST_CLOCK?.trim();
  if (!wanted) return null;
  const at = RealDate.parse(wanted);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(wanted) || Number.isNaN(at)) {
    throw new Error(
      `TEST_CLOCK vaut « ${wanted} » : donnez un instant ISO 8601 avec son décalage, par exemple 2026-12-05T18:00:00+01:00.`,
    );
  }
  const setAt = Number(env[SET_AT] ?? Number.NaN);
  if (Number.isFinite(setAt)) return at - setAt;
  const now = RealDate.now();
  env[SET_AT] = String(now);
  return at - now;
}

/**
 * A Date whose « now » is the machine's shifted by `offset`; every other use is the real Date's. It shares the real
 * Date's prototype, as libraries expect: TZDate copies Date.prototype's methods, `instanceof` holds for every date.
 */
export function shiftedDate(offset: number): DateConstructor {
  const now = () => RealDate.now() + offset;
  function clockDate(...args: unknown[]) {
    // `Date()` called without `new` gives today's text, as the real one does.
    if (!new.target) return new RealDate(now()).toString();
    // `new.target`: a class that extends Date (TZDate) gets its own instance.
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(clockDate, RealDate);
  clockDate.prototype = RealDate.prototype;
  clockDate.now = now;
  return clockDate as unknown as DateConstructor;
}

/** How the tests start the built server: with the test clock, which does nothing unless TEST_CLOCK is set. */
export const SERVER_ARGS = ['--import', './tests/support/test-clock.ts', 'build/server.js'];

/** Installs the test clock in this process if TEST_CLOCK is set; says which instant it started from. */
export function installTestClock(env: Env = process.env): Date | null {
  const offset = testClockOffset(env);
  if (offset === null) return null;
  if (globalThis.Date !== RealDate) return new globalThis.Date();
  globalThis.Date = shiftedDate(offset);
  return new globalThis.Date();
}

installTestClock();
