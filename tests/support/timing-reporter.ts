// Playwright reporter printed after the list: the time of each spec file per project (longest first), and every test
// that passed only when retried, named as a defect (« réessayé : … ») rather than counted as a pass.
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface SpecTime {
  file: string;
  project: string;
  tests: number;
  ms: number;
  slowest: { title: string; ms: number };
}

/** « 1 min 05 s », « 12,4 s »: what a reader compares at a glance. */
export function readableDuration(ms: number): string {
  if (ms >= 60_000) {
    const s = Math.round(ms / 1000);
    return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  }
  return `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
}

export default class TimingReporter implements Reporter {
  private readonly specs = new Map<string, SpecTime>();
  private readonly retried = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const file = path.relative(process.cwd(), test.location.file);
    const key = `${file}\u0000${project}`;
    const spec = this.specs.get(key) ?? { file, project, tests: 0, ms: 0, slowest: { title: '', ms: 0 } };
    if (result.retry === 0) spec.tests += 1;
    spec.ms += result.duration;
    if (result.duration > spec.slowest.ms) spec.slowest = { title: test.title, ms: result.duration };
    this.specs.set(key, spec);
    if (result.retry > 0) {
      const outcome = result.status === 'passed' ? 'passé au second essai' : 'échoué deux fois';
      this.retried.set(
        `${project} ${test.id}`,
        `${file}:${test.location.line} [${project}] ${test.title} (${outcome})`,
      );
    }
  }

  onEnd(_result: FullResult): void {
    const rows = [...this.specs.values()].sort((a, b) => b.ms - a.ms);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length + r.project.length + 3));
    const lines = ['', 'Temps par fichier de test (somme des tests, le plus long d’abord) :'];
    for (const r of rows) {
      const name = `${r.file} [${r.project}]`.padEnd(width);
      const slowest = `le plus long : ${readableDuration(r.slowest.ms)} ${r.slowest.title}`;
      lines.push(`  ${name}  ${readableDuration(r.ms).padStart(10)}  ${String(r.tests).padStart(3)} tests  ${slowest}`);
    }
    const total = rows.reduce((sum, r) => sum + r.ms, 0);
    lines.push(`  ${'Total'.padEnd(width)}  ${readableDuration(total).padStart(10)}`);
    if (this.retried.size > 0) {
      lines.push(
        '',
        `Tests réessayés (${this.retried.size}) : un défaut à corriger, pas un succès ; trace dans test-results.`,
      );
      for (const line of this.retried.values()) lines.push(`  réessayé : ${line}`);
    }
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
