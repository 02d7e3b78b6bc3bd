// The lifecycle property (event-lifecycle-property.ts) on SQLite: 2,000 sequences of up to 14 steps.
import { BACKENDS } from './backends';
import { lifecycleProperty } from './event-lifecycle-property';

lifecycleProperty(BACKENDS.find((b) => b.name === 'SQLite')!, 14);
