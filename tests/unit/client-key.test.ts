import { describe, expect, it } from "vitest";
import { addressKeyOf } from "#server/rate-limit/client-key.server";

describe("addressKeyOf", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(addressKeyOf("203.0.113.7")).toBe("203.0.113.7");
  });

  it.each(["::ffff:203.0.113.7", "::FFFF:cb00:7107", "0:0:0:0:0:ffff:203.0.113.7"])(
    "reads the IPv4 address inside the mapped %s",
    (mapped) => {
      expect(addressKeyOf(mapped)).toBe("203.0.113.7");
    },
  );

  it("counts every address of one IPv6 /64 as one client", () => {
    const keys = [
      "2001:db8:abcd:12::1",
      "2001:DB8:ABCD:12:ffff:ffff:ffff:ffff",
      "2001:0db8:abcd:0012:8a2e:370:7334:1",
      "2001:db8:abcd:12:0:0:0:0",
      "2001:db8:abcd:12::1%eth0",
    ].map(addressKeyOf);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:abcd:12::/64"]));
  });

  it("tells neighbouring /64 networks apart", () => {
    expect(addressKeyOf("2001:db8:abcd:13::1")).toBe("2001:db8:abcd:13::/64");
    expect(addressKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKeyOf("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves anything that is not an address as it is (lower-cased)", () => {
    expect(addressKeyOf("")).toBe("");
    expect(addressKeyOf("Not-An-IP")).toBe("not-an-ip");
  });
});
