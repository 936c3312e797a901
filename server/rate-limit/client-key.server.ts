import { isIPv4, isIPv6 } from "node:net";
import { ipv6Groups, isIPv4Mapped } from "~/lib/ip-address";

/**
 * The part of a client address a rate limit counts (DESIGN.md 8, issue 14). An IPv4 address as
 * it is; an IPv4-mapped IPv6 address as its IPv4; any other IPv6 address as its /64, since one
 * subscriber usually holds a whole /64 and can rotate through it freely. Written in one form
 * (lower case, no leading zeros, `::/64`), so that spellings of one network share a count.
 */
export function addressKeyOf(ip: string): string {
  const address = ip.trim().toLowerCase();
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split("%")[0]!);
  if (!groups) return address;
  if (isIPv4Mapped(groups)) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
