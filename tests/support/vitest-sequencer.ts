// The order in which vitest starts the test files. On a fresh clone it has no timings yet and starts the largest files
// first, which put the property tests (a few lines each, minutes each) last: one worker then ran them alone while the
// other had nothing left. They go first, Firestore's (the in-process emulator, the longest) before the others.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const rank = (file: string) => (file.endsWith('.property.test.ts') ? (file.includes('firestore') ? 0 : 1) : 2);

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => rank(a.spec.moduleId) - rank(b.spec.moduleId) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
