// The test clock (tests/support/test-clock.ts): an instant given by TEST_CLOCK, the same for a process and its children,
// running on at the real pace; nothing without it.
import { describe, expect, it } from 'vitest';
import { RealDate, shiftedDate, testClockOffset } from '../support/test-clock';

describe('l’horloge des tests', () => {
  it('sans TEST_CLOCK, rien ne change', () => {
    expect(testClockOffset({})).toBeNull();
  });

  it('donne l’instant demandé, puis le même décalage aux processus qu’il lance', () => {
    const env: Record<string, string | undefined> = { TEST_CLOCK: '2027-03-28T03:30:00+02:00' };
    const offset = testClockOffset(env) as number;
    const TestDate = shiftedDate(offset);
    expect(Math.abs(TestDate.now() - RealDate.parse('2027-03-28T01:30:00Z'))).toBeLessThan(1000);
    expect(new TestDate().toISOString().slice(0, 16)).toBe('2027-03-28T01:30');
    // A child inherits the moment the clock was set, hence the same time, however late it starts.
    expect(env.TEST_CLOCK_SET_AT).toMatch(/^\d+$/);
    expect(testClockOffset({ ...env })).toBe(offset);
  });

  it('ne touche qu’à « maintenant » : une date donnée reste elle-même, et toute date reste une Date', () => {
    const TestDate = shiftedDate(365 * 24 * 3600_000);
    expect(new TestDate(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new TestDate('2026-12-31T23:30:00+01:00').toISOString()).toBe('2026-12-31T22:30:00.000Z');
    expect(new RealDate() instanceof TestDate).toBe(true);
    expect(new TestDate() instanceof RealDate).toBe(true);
    // Libraries read the real Date's methods from it (TZDate copies Date.prototype's getters into its own).
    expect(TestDate.prototype).toBe(RealDate.prototype);
    // A class built on the clock's Date (TZDate) still tells its own instances from plain dates.
    class Zoned extends TestDate {}
    expect(new Zoned() instanceof Zoned).toBe(true);
    expect(new TestDate() instanceof Zoned).toBe(false);
    // Called without `new`, today's text, as the real Date gives it: the shifted today.
    const text = (TestDate as unknown as () => string)();
    expect(Math.abs(RealDate.parse(text) - TestDate.now())).toBeLessThan(2000);
  });

  it('refuse en français un TEST_CLOCK qui n’est pas un instant', () => {
    expect(() => testClockOffset({ TEST_CLOCK: 'vendredi soir' })).toThrow(
      'TEST_CLOCK vaut « vendredi soir » : donnez un instant ISO 8601 avec son décalage',
    );
  });
});
