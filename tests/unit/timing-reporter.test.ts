// The end-of-run report of the end-to-end tests (tests/support/timing-reporter.ts): the time of each spec file per
// project, longest first, and every retried test named as a defect, even when its second try passed.
import path from 'node:path';
import type { TestCase, TestResult } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TimingReporter, { readableDuration } from '../support/timing-reporter';

function testCase(file: string, line: number, title: string, project: string): TestCase {
  return {
    id: `${file}:${line}:${project}`,
    title,
    location: { file: path.resolve(file), line, column: 3 },
    parent: { project: () => ({ name: project }) },
  } as unknown as TestCase;
}
const result = (duration: number, retry = 0, status: TestResult['status'] = 'passed') =>
  ({ duration, retry, status }) as TestResult;

function printed(reporter: TimingReporter): string {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  reporter.onEnd({ status: 'passed' } as never);
  return log.mock.calls.map((call) => String(call[0])).join('\n');
}

describe('le rapport des temps de bout en bout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('donne le temps de chaque fichier par projet, le plus long d’abord, avec son test le plus long', () => {
    const reporter = new TimingReporter();
    reporter.onTestEnd(testCase('tests/e2e/a.spec.ts', 5, 'court', 'js'), result(1_200));
    reporter.onTestEnd(testCase('tests/e2e/b.spec.ts', 9, 'la longue inscription', 'js'), result(64_400));
    reporter.onTestEnd(testCase('tests/e2e/b.spec.ts', 30, 'la page', 'nojs'), result(2_000));
    const text = printed(reporter);
    const lines = text.split('\n').filter((l) => l.includes('.spec.ts'));
    expect(lines[0]).toMatch(
      /tests\/e2e\/b\.spec\.ts \[js\]\s+1 min 04 s\s+1 tests\s+le plus long : 1 min 04 s la longue/,
    );
    expect(lines[1]).toMatch(/tests\/e2e\/b\.spec\.ts \[nojs\]\s+2,0 s/);
    expect(lines[2]).toMatch(/tests\/e2e\/a\.spec\.ts \[js\]\s+1,2 s/);
    expect(text).not.toContain('réessayé');
  });

  it('nomme un test passé au second essai, et ne le compte qu’une fois', () => {
    const reporter = new TimingReporter();
    const flaky = testCase('tests/e2e/c.spec.ts', 12, 'le menu s’ouvre', 'nojs');
    reporter.onTestEnd(flaky, result(10_000, 0, 'failed'));
    reporter.onTestEnd(flaky, result(3_000, 1, 'passed'));
    const text = printed(reporter);
    expect(text).toContain('Tests réessayés (1) : un défaut à corriger, pas un succès');
    expect(text).toContain('réessayé : tests/e2e/c.spec.ts:12 [nojs] le menu s’ouvre (passé au second essai)');
    expect(text).toMatch(/c\.spec\.ts \[nojs\]\s+13,0 s\s+1 tests/);
  });

  it('écrit les durées comme on les lit', () => {
    expect(readableDuration(900)).toBe('0,9 s');
    expect(readableDuration(59_940)).toBe('59,9 s');
    expect(readableDuration(125_000)).toBe('2 min 05 s');
  });
});
