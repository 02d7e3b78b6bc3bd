// negotiator 1.1 (jshttp) takes a server preference for ties between content codings; @types/negotiator still
// describes 0.6. This is the part we use.
declare module 'negotiator' {
  import type { IncomingHttpHeaders } from 'node:http';

  export default class Negotiator {
    constructor(request: { headers: IncomingHttpHeaders });
    /** The available codings the client accepts, best first; among equals, the order of `preferred`. */
    encodings(available?: readonly string[], options?: { preferred?: readonly string[] }): string[];
  }
}
