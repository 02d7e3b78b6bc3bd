// The lifecycle property (event-lifecycle-property.ts) on Firestore (in-process emulator): 2,000 sequences of up to
// 3 steps after the submission, deep enough for a revision approved or refused after a publication. They are split
// over two files of 1,000 (this one and event-lifecycle-firestore-2): the emulator's work bounds the whole unit
// stage, and vitest's two workers run the halves side by side, each with its own emulator.
import { BACKENDS } from './backends';
import { lifecycleProperty } from './event-lifecycle-property';

lifecycleProperty(BACKENDS.find((b) => b.name === 'Firestore')!, 3, { index: 1, of: 2 });
