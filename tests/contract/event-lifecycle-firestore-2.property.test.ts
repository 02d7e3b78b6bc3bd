// The second half of the Firestore lifecycle sequences: see event-lifecycle-firestore-1.property.test.ts.
import { BACKENDS } from './backends';
import { lifecycleProperty } from './event-lifecycle-property';

lifecycleProperty(BACKENDS.find((b) => b.name === 'Firestore')!, 3, { index: 2, of: 2 });
