// Fedify and its vocabulary, loaded when the federation starts (FEDERATION on) or a federation document is first
// read, never with the app (issue 50): about 45 MB a process that a site without federation does not hold.
import { esmOnFirstUse } from '../platform/on-first-use';

export const fedify = esmOnFirstUse<typeof import('@fedify/fedify')>('@fedify/fedify');
export const fedifyRuntime = esmOnFirstUse<typeof import('@fedify/fedify/runtime')>('@fedify/fedify/runtime');
export const vocab = esmOnFirstUse<typeof import('@fedify/vocab')>('@fedify/vocab');
