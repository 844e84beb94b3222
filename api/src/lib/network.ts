import ipaddr from 'ipaddr.js';
import type { SessionPlace } from '@bh/shared';

/**
 * Whether a proxy in front says the browser came over HTTPS (the first value of X-Forwarded-Proto;
 * a scheme's case means nothing): believed only when TRUST_PROXY says such a proxy is there.
 */
export function proxySaysHttps(forwardedProto: string | string[] | undefined, trustProxy: boolean): boolean {
  return trustProxy && typeof forwardedProto === 'string' && forwardedProto.split(',')[0]!.trim().toLowerCase() === 'https';
}

/** The part of a request isHttps reads (a Hono context has it); kept structural so this module needs no HTTP framework. */
interface RequestSeen {
  req: { header(name: string): string | undefined; url: string };
}

/** Whether a request reached us over HTTPS: a trusted proxy says so, or its own URL does (a request made in-process). */
export function isHttps(c: RequestSeen, trustProxy: boolean): boolean {
  return proxySaysHttps(c.req.header('x-forwarded-proto'), trustProxy) || c.req.url.startsWith('https:');
}

const LOCAL_RANGES = new Set(['private', 'linkLocal', 'uniqueLocal', 'carrierGradeNat']);

/**
 * The range an address belongs to and what kind of place that is: an IPv4 address's /24 or an
 * IPv6 address's /48, so a person can tell their home from a stranger's network while the full
 * address is never kept (data minimisation, DPDP s. 8(7)). No geolocation database is shipped.
 */
export function networkOf(ip: string | undefined): { network: string | null; place: SessionPlace } {
  if (!ip || !ipaddr.isValid(ip)) return { network: null, place: 'unknown' };
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  const range = address.range();
  const place: SessionPlace = range === 'loopback' ? 'loopback' : LOCAL_RANGES.has(range) ? 'local' : 'internet';
  if (address.kind() === 'ipv4') {
    const [a, b, c] = address.toByteArray();
    return { network: `${a}.${b}.${c}.0/24`, place };
  }
  const parts = (address as ipaddr.IPv6).parts.slice(0, 3).map((p) => p.toString(16));
  return { network: `${parts.join(':')}::/48`, place };
}
