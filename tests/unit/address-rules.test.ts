import { describe, expect, it } from "vitest";
import { parseIPv6, refusedAddress, refusedHostName } from "#server/net/address-rules.server";

describe("refusedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.0.0.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "cloud metadata"],
    ["169.254.10.1", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["100.100.100.200", "cloud metadata"],
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["192.0.2.44", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.1", "benchmarking"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    ["192.0.0.8", "reserved protocol"],
  ])("refuses the IPv4 address %s as %s", (address, reason) => {
    expect(refusedAddress(address)).toContain(reason);
    expect(refusedAddress(address)).toMatch(new RegExp(`^${address.replace(/\./g, "\\.")} is `));
  });

  it.each([
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fd00:ec2::254", "cloud metadata"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:2::5", "benchmarking"],
    ["fec0::1", "site-local"],
    ["100::1", "discard-only"],
    ["64:ff9b:1::a00:1", "local NAT64"],
    ["4000::1", "reserved"],
  ])("refuses the IPv6 address %s as %s", (address, reason) => {
    expect(refusedAddress(address)).toContain(reason);
  });

  it.each([
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::ffff:7f00:1", "127.0.0.1"],
    ["::ffff:169.254.169.254", "169.254.169.254"],
    ["::ffff:8.8.8.8", "8.8.8.8"],
    ["0:0:0:0:0:ffff:a00:3", "10.0.0.3"],
  ])("refuses the IPv4-mapped address %s (of %s), public or not", (address, inner) => {
    expect(refusedAddress(address)).toBe(`${address} is an IPv4-mapped IPv6 address (of ${inner})`);
  });

  it("refuses IPv4-compatible addresses", () => {
    expect(refusedAddress("::127.0.0.1")).toContain("IPv4-compatible");
    expect(refusedAddress("::a00:1")).toContain("(of 10.0.0.1)");
  });

  it("refuses NAT64 and 6to4 addresses that carry a private IPv4 address", () => {
    expect(refusedAddress("64:ff9b::7f00:1")).toContain("NAT64 address of a loopback address");
    expect(refusedAddress("64:ff9b::169.254.169.254")).toContain("cloud metadata");
    expect(refusedAddress("2002:a00:1::1")).toContain("6to4 address of a private address");
    expect(refusedAddress("2002:c0a8:101::")).toContain("(192.168.1.1)");
  });

  it.each([
    "8.8.8.8",
    "93.184.215.14",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "169.253.1.1",
    "2606:4700::6810:84e5",
    "2a00:1450:4001:82b::200e",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("lets the public address %s through", (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it("refuses text that is not an address", () => {
    expect(refusedAddress("example.com")).toContain("not an IP address");
  });
});

describe("refusedHostName", () => {
  it.each([
    "localhost",
    "LOCALHOST",
    "localhost.",
    "api.localhost",
    "printer.local",
    "db.internal",
    "nas.home.arpa",
    "box.localdomain",
    "intranet",
  ])("refuses %s without resolving it", (name) => {
    expect(refusedHostName(name)).toMatch(/this machine|local network name/);
  });

  it.each([
    "example.com",
    "www.jasper.ai",
    "huggingface.co",
    "internal.example.com",
    "local.example.org",
  ])("lets %s be resolved", (name) => {
    expect(refusedHostName(name)).toBeNull();
  });
});

describe("parseIPv6", () => {
  it("expands compressed and dotted forms to 16 bytes", () => {
    expect(parseIPv6("::1")).toEqual([...Array(15).fill(0), 1]);
    expect(parseIPv6("[::ffff:10.1.2.3]")?.slice(10)).toEqual([0xff, 0xff, 10, 1, 2, 3]);
    expect(parseIPv6("2001:db8::8:800:200c:417a")).toEqual([
      0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0x08, 0x08, 0, 0x20, 0x0c, 0x41, 0x7a,
    ]);
    expect(parseIPv6("fe80::1%eth0")?.[0]).toBe(0xfe);
    expect(parseIPv6("10.0.0.1")).toBeNull();
  });
});
