import type express from "express";
import { describe, expect, it, vi } from "vitest";
import type { Logger } from "#server/core/logger.server";
import { warnOfUntrustedProxy } from "#server/http/proxy-warning.server";

function loggerSpy() {
  const warn = vi.fn();
  return { logger: { warn } as unknown as Logger, warn };
}

function request(ip: string, remoteAddress: string, forwardedFor?: string) {
  return {
    ip,
    socket: { remoteAddress },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  } as unknown as express.Request;
}

const env = {
  APP_URL: "http://localhost:3000",
  TRUST_PROXY: "loopback",
  NODE_ENV: "production",
} as const;

describe("warning of a proxy TRUST_PROXY does not name", () => {
  it("warns once when a forwarded request arrives from an address nobody trusted", () => {
    const { logger, warn } = loggerSpy();
    const middleware = warnOfUntrustedProxy(env, logger);
    const next = vi.fn();
    middleware(request("10.0.0.9", "10.0.0.9", "203.0.113.7"), {} as express.Response, next);
    middleware(request("10.0.0.9", "10.0.0.9", "203.0.113.8"), {} as express.Response, next);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[1])).toContain("TRUST_PROXY");
    expect(next).toHaveBeenCalledTimes(2);
  });

  it("stays quiet for a trusted proxy and for direct requests", () => {
    const { logger, warn } = loggerSpy();
    const middleware = warnOfUntrustedProxy(env, logger);
    middleware(request("203.0.113.7", "127.0.0.1", "203.0.113.7"), {} as express.Response, vi.fn());
    middleware(request("203.0.113.9", "203.0.113.9"), {} as express.Response, vi.fn());
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns at start when an https site trusts only loopback in production", () => {
    const { logger, warn } = loggerSpy();
    warnOfUntrustedProxy({ ...env, APP_URL: "https://tools.example" }, logger);
    expect(warn).toHaveBeenCalledTimes(1);
    warnOfUntrustedProxy(
      { ...env, APP_URL: "https://tools.example", TRUST_PROXY: "10.0.0.0/8" },
      logger,
    );
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
