import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "#server/core/env.server";

describe("parseEnv (DESIGN.md 3)", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      APP_URL: "http://localhost:3000",
      DATA_DIR: path.resolve("./data"),
      MAIL_FROM: "Business AI Tools <no-reply@localhost>",
      SUPPORT_EMAIL: "hello@businessaitools.example",
      GOOGLE_ISSUER_URL: "https://accounts.google.com",
      FETCH_ALLOW_PRIVATE: false,
      SEED_DEMO: true,
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it("derives APP_URL from PORT and treats empty values as unset", () => {
    expect(parseEnv({ PORT: "4000", DATABASE_URL: "" }).APP_URL).toBe("http://localhost:4000");
  });
  it("parses lists and flags", () => {
    const env = parseEnv({
      ADMIN_EMAILS: "A@x.com, b@y.org",
      FEATURED_TOOL_IDS: "a,b",
      SEED_DEMO: "false",
    });
    expect(env.ADMIN_EMAILS).toEqual(["a@x.com", "b@y.org"]);
    expect(env.FEATURED_TOOL_IDS).toEqual(["a", "b"]);
    expect(env.SEED_DEMO).toBe(false);
  });
  it("reports every bad value, one line each", () => {
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", ADMIN_EMAILS: "not-an-email" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join("\n")).toMatch(/PORT/);
      expect(problems.join("\n")).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });
  it("requires AUTH_SECRET in production with PostgreSQL", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" })).toThrow(
      /AUTH_SECRET/,
    );
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
  });
  it("requires the Google secret with the Google client id", () => {
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
  it("takes a model only with both its address and its name; the key is optional", () => {
    expect(() => parseEnv({ LLM_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/LLM_MODEL/);
    expect(() => parseEnv({ LLM_MODEL: "llama3.2" })).toThrow(/LLM_BASE_URL/);
    const env = parseEnv({ LLM_BASE_URL: "http://127.0.0.1:11434/v1", LLM_MODEL: "llama3.2" });
    expect(env.LLM_API_KEY).toBeUndefined();
  });
  it("mails implementation-support requests to SUPPORT_EMAIL, which must be an address", () => {
    expect(parseEnv({ SUPPORT_EMAIL: "help@example.com" }).SUPPORT_EMAIL).toBe("help@example.com");
    expect(() => parseEnv({ SUPPORT_EMAIL: "help desk" })).toThrow(/SUPPORT_EMAIL/);
  });
});
