import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { isLoopbackAddress } from "~/lib/ip-address";
import { loader } from "~/routes/dev-mailbox";

// The development mailbox shows reset links, so only the server's own machine sees it.

describe("isLoopbackAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "127.255.255.255",
    "::1",
    "0:0:0:0:0:0:0:1",
    "::ffff:127.0.0.1",
    "::FFFF:127.9.9.9",
    "::ffff:7f00:1",
    "::1%lo0",
  ])("takes %s", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each([
    "",
    "10.0.0.1",
    "192.168.1.20",
    "128.0.0.1",
    "1.127.0.0",
    "127.0.0.256",
    "::",
    "::2",
    "1::1",
    "::ffff:10.0.0.1",
    "::ffff:8.8.8.8",
    "2001:db8::1",
    "fe80::1",
    "localhost",
    "127.0.0.1.evil.example",
    "::1::",
  ])("refuses %s", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe("/dev/mailbox loader", () => {
  const mail = {
    id: 1,
    to: "ada@example.com",
    subject: "Reset your password",
    text: "http://localhost:3000/reset-password?token=secret",
    createdAt: new Date("2026-01-02T03:04:05Z"),
  };
  const call = (clientAddress: string) => {
    const readOutbox = vi.fn(async () => [mail]);
    const context = { clientAddress, services: { readOutbox } } as unknown as AppLoadContext;
    const request = new Request("http://localhost:3000/dev/mailbox");
    const result = loader({ context, request, params: {} } as Parameters<typeof loader>[0]);
    return { result, readOutbox };
  };

  it("lists the outbox for a browser on the same machine", async () => {
    const { result } = call("::ffff:127.0.0.1");
    expect((await result).mails[0]?.text).toContain("token=secret");
  });

  it("is not found from any other address, without reading the outbox", async () => {
    for (const address of ["203.0.113.9", "2001:db8::7", ""]) {
      const { result, readOutbox } = call(address);
      await expect(result).rejects.toMatchObject({ init: { status: 404 } });
      expect(readOutbox).not.toHaveBeenCalled();
    }
  });
});
