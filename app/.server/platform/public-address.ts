// Is this address on the public internet? For every connection the server opens to an address someone else chose (a
// push service's endpoint, an import's URL): every special-purpose block of IANA's registries is refused (loopback,
// private, link-local and cloud metadata, unique-local, shared CGNAT, documentation, benchmarking, multicast,
// reserved…), and IPv6 must be global unicast, so every IPv6 form that carries an IPv4 address (mapped, compatible
// ::/96, NAT64, 6to4, Teredo) is refused (decision 057). The check happens in the connection's own DNS lookup, so the address checked
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

/**
 * The IPv4 blocks no outbound connection may reach: every entry of IANA's IPv4 Special-Purpose Address Registry
 * (RFC 6890 and its updates, as of 2026; the few marked « globally reachable », AS112 and anycast relays, are no place
 * for an import either), plus multicast (224.0.0.0/4, its own registry).
 */
export const REFUSED_IPV4: readonly string[] = [
  '0.0.0.0/8', // « this network »
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (CGNAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery…)
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // 6to4 relay anycast (deprecated)
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112 direct delegation
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved (255.255.255.255, limited broadcast, included)
];

/**
 * IPv6: only the global unicast space (2000::/3, IANA's IPv6 Address Space Registry) can be public; everything else
 * (::/96 IPv4-compatible and the rest of ::/8, ::ffff:0:0/96 mapped, 64:ff9b::/96 and 64:ff9b:1::/48 NAT64,
 * 100::/64 discard, fc00::/7 unique-local, fe80::/10 link-local, ff00::/8 multicast…) is refused by that alone. Within
 * it, the entries of IANA's IPv6 Special-Purpose Address Registry are refused too.
 */
const GLOBAL_UNICAST_V6 = '2000::/3';
export const REFUSED_IPV6: readonly string[] = [
  '2001::/23', // IETF protocol assignments: Teredo (2001::/32), benchmarking, AMT, AS112, ORCHID, drone DETs…
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4 (carries an IPv4 address)
  '2620:4f:8000::/48', // AS112 direct delegation
  '3fff::/20', // documentation
];

const cidrs = (list: readonly string[]) => list.map((cidr) => ipaddr.parseCIDR(cidr));
const refusedV4 = cidrs(REFUSED_IPV4);
const refusedV6 = cidrs(REFUSED_IPV6);
const globalUnicastV6 = ipaddr.parseCIDR(GLOBAL_UNICAST_V6);
const within = (ip: ipaddr.IPv4 | ipaddr.IPv6, blocks: ReturnType<typeof cidrs>) =>
  blocks.some(([block, bits]) => block.kind() === ip.kind() && ip.match(block, bits));

/**
 * True for an address on the public internet, IPv4 or IPv6, in any of the spellings Node accepts for a literal: IPv4
 * outside every special-purpose block, IPv6 in the global unicast space outside the special-purpose blocks. An IPv6
 * form that carries an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is refused whatever it carries.
 */
export function isPublicAddress(address: string): boolean {
  const literal = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return false;
  // ipaddr.js also reads legacy IPv4 spellings (0x7f.1, 2130706433): Node and WHATWG URLs turn them into dotted quads.
  if (net.isIP(literal) === 0) return false;
  const ip = ipaddr.parse(literal);
  if (ip.kind() === 'ipv4') return !within(ip, refusedV4);
  return within(ip, [globalUnicastV6]) && !within(ip, refusedV6);
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
