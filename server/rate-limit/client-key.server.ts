import { isIPv4, isIPv6 } from "node:net";
import { ipv6Groups, isIPv4Mapped } from "~/lib/ip-address";

/**
 * The part of a client address a rate limit counts (DESIGN.md 8). An IPv4 address as
 * it is; an IPv4-mapped IPv6 address as its IPv4; any other IPv6 address as its /64, since one
 * subscriber usually holds a whole /64 and can rotate through it freely. Written in one form
 * (lower case, no leading zeros, `::/64`), so that spellings of one network share a count.
 */
export function addressKeyOf(ip: string): string {
  return keyOf(ip, 64);
}

/**
 * The customer network around a client address, for limits that a whole site shares: an IPv6
 * address as its /56 (what providers commonly give one home or office, RFC 6177), so its 256 /64
 * networks count once; an IPv4 address (or one mapped into IPv6) as it is, like `addressKeyOf`.
 */
export function networkKeyOf(ip: string): string {
  return keyOf(ip, 56);
}

function keyOf(ip: string, prefixBits: 56 | 64): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split("%")[0]!);
  if (!groups) return address;
  if (isIPv4Mapped(groups)) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const prefix = groups.slice(0, 4);
  // A /56 keeps the fourth group's upper byte only.
  if (prefixBits === 56) prefix[3] = prefix[3]! & 0xff00;
  return `${prefix.map((group) => group.toString(16)).join(":")}::/${prefixBits}`;
}
