import { BlockList, isIPv4, isIPv6 } from "node:net";
import { ipv6Groups } from "~/lib/ip-address";

// Which hosts and addresses a server-side fetch never reaches (unless
// FETCH_ALLOW_PRIVATE, for tests on loopback). Only addresses on the public internet are fetched:
// everything private, internal, reserved or special-purpose is refused, with the reason in words.

interface Rule {
  network: string;
  prefix: number;
  /** Completes "<address> is …". */
  label: string;
}

// Order matters: the first matching rule names the reason (metadata before link-local).
const IPV4_RULES: Rule[] = [
  { network: "169.254.169.254", prefix: 32, label: "a cloud metadata address" },
  { network: "100.100.100.200", prefix: 32, label: "a cloud metadata address" },
  { network: "168.63.129.16", prefix: 32, label: "a cloud platform address" },
  { network: "0.0.0.0", prefix: 8, label: "a 'this network' address" },
  { network: "10.0.0.0", prefix: 8, label: "a private address" },
  { network: "100.64.0.0", prefix: 10, label: "a carrier-grade NAT address" },
  { network: "127.0.0.0", prefix: 8, label: "a loopback address" },
  { network: "169.254.0.0", prefix: 16, label: "a link-local address" },
  { network: "172.16.0.0", prefix: 12, label: "a private address" },
  { network: "192.0.0.0", prefix: 24, label: "a reserved protocol address" },
  { network: "192.0.2.0", prefix: 24, label: "a documentation address" },
  { network: "192.88.99.0", prefix: 24, label: "a reserved relay address" },
  { network: "192.168.0.0", prefix: 16, label: "a private address" },
  { network: "198.18.0.0", prefix: 15, label: "a benchmarking address" },
  { network: "198.51.100.0", prefix: 24, label: "a documentation address" },
  { network: "203.0.113.0", prefix: 24, label: "a documentation address" },
  { network: "224.0.0.0", prefix: 4, label: "a multicast address" },
  { network: "255.255.255.255", prefix: 32, label: "the broadcast address" },
  { network: "240.0.0.0", prefix: 4, label: "a reserved address" },
];

const IPV6_RULES: Rule[] = [
  { network: "fd00:ec2::254", prefix: 128, label: "a cloud metadata address" },
  { network: "::", prefix: 128, label: "the unspecified address" },
  { network: "::1", prefix: 128, label: "a loopback address" },
  { network: "64:ff9b:1::", prefix: 48, label: "a local NAT64 address" },
  { network: "100::", prefix: 64, label: "a discard-only address" },
  { network: "2001::", prefix: 32, label: "a Teredo tunnel address" },
  { network: "2001:2::", prefix: 48, label: "a benchmarking address" },
  { network: "2001:db8::", prefix: 32, label: "a documentation address" },
  { network: "2001::", prefix: 23, label: "a reserved protocol address" },
  { network: "3fff::", prefix: 20, label: "a documentation address" },
  { network: "fc00::", prefix: 7, label: "a unique-local (private) address" },
  { network: "fe80::", prefix: 10, label: "a link-local address" },
  { network: "fec0::", prefix: 10, label: "a site-local address" },
  { network: "ff00::", prefix: 8, label: "a multicast address" },
];

function compile(rules: Rule[], type: "ipv4" | "ipv6"): { list: BlockList; label: string }[] {
  return rules.map(({ network, prefix, label }) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, type);
    return { list, label };
  });
}

const IPV4_LISTS = compile(IPV4_RULES, "ipv4");
const IPV6_LISTS = compile(IPV6_RULES, "ipv6");

/** Names that only mean something inside a network; refused without asking DNS. */
const LOCAL_NAME_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa"];

/**
 * Why a host name must not even be resolved, or null. Expects URL's hostname (lowercase,
 * punycoded); IP literals are left to refusedAddress.
 */
export function refusedHostName(hostname: string): string | null {
  const name = hostname.replace(/\.+$/, "").toLowerCase();
  if (name === "localhost") return `"${hostname}" is this machine`;
  if (LOCAL_NAME_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `"${hostname}" is a local network name`;
  }
  if (!name.includes(".") && !name.startsWith("[")) {
    return `"${hostname}" is a local network name (it has no dot)`;
  }
  return null;
}

/** Why a resolved or literal address is never connected to, or null when it is public. */
export function refusedAddress(address: string): string | null {
  if (isIPv4(address)) return refusedIPv4(address);
  const bytes = parseIPv6(address);
  if (!bytes) return `${address} is not an IP address`;
  return refusedIPv6(address, bytes);
}

function refusedIPv4(address: string): string | null {
  const rule = IPV4_LISTS.find(({ list }) => list.check(address, "ipv4"));
  return rule ? `${address} is ${rule.label}` : null;
}

function refusedIPv6(address: string, bytes: number[]): string | null {
  const startsWith = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  const zeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  const v4At = (index: number) => bytes.slice(index, index + 4).join(".");

  // Addresses that carry an IPv4 address: a way to reach 127.0.0.1 or 10.x by another spelling.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `${address} is an IPv4-mapped IPv6 address (of ${v4At(12)})`;
  }
  const unspecifiedOrLoopback = zeros(15) && bytes[15]! <= 1;
  if (zeros(12) && !unspecifiedOrLoopback) {
    return `${address} is an IPv4-compatible IPv6 address (of ${v4At(12)})`;
  }
  if (startsWith(0x00, 0x64, 0xff, 0x9b) && bytes.slice(4, 12).every((byte) => byte === 0)) {
    const inner = refusedIPv4(v4At(12));
    return inner
      ? `${address} is a NAT64 address of ${inner.replace(/^\S+ is /, "")} (${v4At(12)})`
      : null;
  }
  if (startsWith(0x20, 0x02)) {
    const inner = refusedIPv4(v4At(2));
    if (inner) {
      return `${address} is a 6to4 address of ${inner.replace(/^\S+ is /, "")} (${v4At(2)})`;
    }
  }

  const canonical = address.replace(/%.*$/, "");
  const rule = IPV6_LISTS.find(({ list }) => list.check(canonical, "ipv6"));
  if (rule) return `${address} is ${rule.label}`;
  // Only 2000::/3 is handed out for the public internet.
  if ((bytes[0]! & 0xe0) !== 0x20) return `${address} is a reserved address`;
  return null;
}

/** The 16 bytes of an IPv6 address (a zone "%eth0" ignored), or null when it is not one. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const groups = isIPv6(address) ? ipv6Groups(address) : null;
  return groups ? groups.flatMap((group) => [group >> 8, group & 0xff]) : null;
}
