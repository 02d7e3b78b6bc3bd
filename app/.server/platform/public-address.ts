// Is this address on the public internet? For every connection the server opens to an address someone else chose (a
// push service's endpoint today, an import's URL later): loopback, private, link-local (cloud metadata), unique-local,
// shared (CGNAT), unspecified, multicast and reserved ranges are refused, and so are the IPv6 forms that carry an IPv4
// address (mapped, 6to4, NAT64, Teredo). The check happens in the connection's own DNS lookup, so the address checked
// is the address connected to: a name that resolves differently a moment later (DNS rebinding) gains nothing.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses (the system's resolver by default; tests pass a fake one). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** A connection refused because of where it would go. */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string | null,
  ) {
    super(address ? `adresse non publique refusée : ${host} → ${address}` : `nom sans adresse utilisable : ${host}`);
    this.name = 'AddressRefused';
  }
}

/** True for a global unicast address, IPv4 or IPv6, in any of the spellings Node accepts for a literal. */
export function isPublicAddress(address: string): boolean {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return false;
  const ip = ipaddr.parse(literal);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    // ::ffff:a.b.c.d is a.b.c.d: judged as such (and a mapped public address is not worth the doubt either way).
    if (v6.isIPv4MappedAddress()) return false;
    return v6.range() === 'unicast';
  }
  return ip.range() === 'unicast';
}

/** True for 127.0.0.0/8 and ::1 (test push services on this machine, never in production). */
export function isLoopbackAddress(address: string): boolean {
  const literal = address.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(literal) && ipaddr.parse(literal).range() === 'loopback';
}

export interface AddressPolicy {
  resolve?: Resolver;
  /** Which addresses may be reached; public ones by default. */
  allowed?: (address: string) => boolean;
}

/**
 * A `lookup` for http(s).request and net.connect that resolves the name and refuses it unless every address it
 * resolves to is allowed (one bad answer among good ones is enough to refuse: a client may try them all).
 */
export function guardedLookup(policy: AddressPolicy = {}): LookupFunction {
  const resolve = policy.resolve ?? systemResolver;
  const allowed = policy.allowed ?? isPublicAddress;
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter(
          (a) => options.family == null || options.family === 0 || a.family === options.family,
        );
        const refused = addresses.find((a) => !allowed(a.address));
        if (refused) return callback(new AddressRefused(hostname, refused.address));
        if (usable.length === 0) return callback(new AddressRefused(hostname, null));
        if (options.all) return callback(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (error: unknown) => callback(error),
    );
  }) as LookupFunction;
}

/**
 * Checks a URL's host when it is an address literal: Node connects to a literal without any lookup, so `guardedLookup`
 * never sees it. Throws AddressRefused.
 */
export function assertAllowedLiteral(url: URL, allowed: (address: string) => boolean = isPublicAddress): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !allowed(host)) throw new AddressRefused(url.hostname, host);
}

/**
 * An http(s) request that can only connect to an allowed address: a literal host is checked now, a name in the
 * connection's own lookup; never a pooled connection (each one is checked). Throws AddressRefused for a literal.
 */
export function guardedRequest(
  url: URL,
  options: http.RequestOptions,
  policy: AddressPolicy,
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  assertAllowedLiteral(url, policy.allowed);
  const client = url.protocol === 'https:' ? https : http;
  return client.request(url, { ...options, lookup: guardedLookup(policy), agent: false }, onResponse);
}
