import ipaddr from 'ipaddr.js';
import type { SessionPlace } from '@bh/shared';

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
