import { isIPv4, isIPv6 } from "node:net";

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
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((Number(a) << 8) | Number(b)).toString(16), ((Number(c) << 8) | Number(d)).toString(16)].join(
      ":",
    ),
  );
  const [head, tail] = hex.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((group) => Number.parseInt(group, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
