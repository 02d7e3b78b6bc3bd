// Vitest reporter printed after the summary: each test file's time (its tests and hooks, then the import), longest
// first, so that a file that grows slow is seen in every run's log (docs/testing.md).
import type { Reporter, TestModule } from 'vitest/node';
import { readableDuration } from './timing-reporter';

/** Files under this are counted, not listed: the log shows where the minutes go, not 150 lines of milliseconds. */
const LISTED_FROM_MS = 1000;

export class VitestTimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: m.relativeModuleId, run: d.duration, load: d.collectDuration + d.setupDuration };
      })
      .sort((a, b) => b.run + b.load - (a.run + a.load));
    if (rows.length === 0) return;
    const listed = rows.filter((r) => r.run + r.load >= LISTED_FROM_MS);
    const width = Math.max(0, ...listed.map((r) => r.file.length));
    const lines = ['', 'Temps par fichier de test (tests et crochets, puis import ; le plus long d’abord) :'];
    for (const r of listed) {
      lines.push(
        `  ${r.file.padEnd(width)}  ${readableDuration(r.run).padStart(10)}  import ${readableDuration(r.load)}`,
      );
    }
    const rest = rows.length - listed.length;
    if (rest > 0) lines.push(`  et ${rest} fichiers de moins d’une seconde chacun`);
    const total = rows.reduce((sum, r) => sum + r.run + r.load, 0);
    lines.push(`  Total (somme sur les fichiers) : ${readableDuration(total)}`);
    console.log(lines.join('\n'));
  }
}
