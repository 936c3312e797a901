// Client addresses as Express reports them (req.ip): what rate limits count, and who is local.

/** Eight 16-bit groups of an IPv6 address (an IPv4 tail counts as two), or null if it is not one. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const ipv4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (ipv4Tail) {
    const octets = ipv4Tail.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    text = `${text.slice(0, ipv4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** True when `groups` (of `ipv6Groups`) are an IPv4-mapped IPv6 address (::ffff:a.b.c.d). */
export function isIPv4Mapped(groups: readonly number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}

/**
 * 127.0.0.0/8, ::1, and 127.x written as an IPv4-mapped IPv6 address (::ffff:127.0.0.1). The
 * development mailbox shows sign-in and reset links: only a browser on the server's own machine
 * may see it.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.trim().replace(/%.*$/, "");
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(bare);
  if (ipv4) return ipv4.slice(1).every((octet) => Number(octet) <= 255) && ipv4[1] === "127";
  if (!bare.includes(":")) return false;
  const groups = ipv6Groups(bare);
  if (!groups) return false;
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return true;
  return isIPv4Mapped(groups) && groups[6]! >> 8 === 127;
}
