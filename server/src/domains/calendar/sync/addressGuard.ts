import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of CalDAV requests: a user-supplied server URL must not reach the server's own machine or
 * network (loopback, private, link-local, unique-local, carrier-grade NAT, multicast, the cloud metadata
 * addresses) unless the administrator allows private addresses. The check runs where the connection is made
 * (the request's DNS lookup), so every redirect and every re-resolution is judged, not only the first URL.
 */
const refusedRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refusedRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  refusedRanges.addSubnet(network, prefix, 'ipv6');
}

/** Host names that name a cloud provider's instance metadata service whatever they resolve to. */
const metadataHostNames = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, IPv4-compatible), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is one a CalDAV request may not reach without CALDAV_ALLOW_PRIVATE. */
export function isRefusedAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return refusedRanges.check(address, 'ipv4');
  if (version !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== null) return refusedRanges.check(inner, 'ipv4');
  return refusedRanges.check(address, 'ipv6');
}

/** A host a URL names, without the brackets of an IPv6 literal. */
export const bareHost = (hostname: string) => (hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname);

/** Refused before any lookup: a metadata host name, or an IP literal in a refused range. */
export function isRefusedHost(hostname: string): boolean {
  const host = bareHost(hostname).toLowerCase().replace(/\.$/, '');
  if (metadataHostNames.has(host)) return true;
  return isIP(host) !== 0 && isRefusedAddress(host);
}

export class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
  constructor(readonly host: string) {
    super(`The CalDAV server ${host} is on a private or local network address, which this server does not connect to.`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for node:http(s) requests that refuses the connection when any address the name resolves to
 * is refused (a name answering both a public and a private address could be switched between them).
 */
export function guardedLookup(allowPrivateAddresses: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback) => {
    const family = typeof options === 'number' ? options : (options.family ?? 0);
    const all = typeof options === 'object' && options.all === true;
    dnsLookup(hostname, { all: true, family }, (error, addresses) => {
      if (error) return callback(error, all ? [] : '', undefined);
      if (!allowPrivateAddresses && (isRefusedHost(hostname) || addresses.some((entry) => isRefusedAddress(entry.address)))) {
        return callback(Object.assign(new AddressRefusedError(hostname), { code: 'EADDRREFUSED' }), all ? [] : '', undefined);
      }
      if (all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', undefined);
      callback(null, first.address, first.family);
    });
  };
}
