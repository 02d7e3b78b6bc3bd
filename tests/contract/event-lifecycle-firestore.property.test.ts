// The lifecycle property (event-lifecycle-property.ts) on Firestore (in-process emulator): 2,000 sequences of up to
// 3 steps after the submission, deep enough for a revision approved or refused after a publication.
import { BACKENDS } from './backends';
import { lifecycleProperty } from './event-lifecycle-property';

lifecycleProperty(BACKENDS.find((b) => b.name === 'Firestore')!, 3);
