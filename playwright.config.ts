import { existsSync } from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ISSUER } from "./tests/e2e/support/oidc-client";

// DESIGN.md 2: CHROME_PATH, else Debian's chromium, else a browser Playwright installed itself.
function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (found) return found;
  if (existsSync(chromium.executablePath())) return undefined;
  console.error(
    "No Chromium found for the end-to-end tests: run `apt-get install chromium` (or set CHROME_PATH), or `npx playwright install chromium`.",
  );
  process.exit(1);
}

const executablePath = findChromium();
const PORT = 3210;
const POSTGRES_PORT = 3211;
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MAIL_SMTP_PORT = 3225;
const MAIL_HTTP_PORT = 3226;
const FIXTURE_SITES_PORT = 3228;

/** What every app server under test shares: real mail through the catcher, Google as a local OIDC provider. */
function appEnv(port: number, extra: Record<string, string> = {}) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
    GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_ISSUER_URL: OIDC_ISSUER,
    // AI-assisted add drafts from the loopback fixture sites.
    FETCH_ALLOW_PRIVATE: "true",
    // One listed address per project: both servers share the mail catcher.
    ADMIN_EMAILS: [
      "admin-chromium@example.com",
      "admin-chromium-postgres@example.com",
      "boss-chromium@example.com",
      "boss-chromium-postgres@example.com",
      "boss-chromium-catalogue-writes@example.com",
      "boss-chromium-postgres-catalogue-writes@example.com",
    ].join(","),
    ...extra,
  };
}

const CATALOGUE_WRITES = /admin-(tools|catalogue|ai-add|facts)\.test\.ts/;

const launchOptions = {
  executablePath,
  args: [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A CI machine of 2 cores runs two app servers, two browsers and their databases at once; a
  // sign-up (scrypt) or a first client-side navigation there can take seconds, so the budgets
  // leave room: a test that fails waits these out, one that passes does not.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    trace: "retain-on-failure",
    launchOptions,
  },
  // Tests that add, unpublish or import tools change the listings other tests read (card order,
  // counts, scroll positions), so they run after those, on the same servers.
  projects: [
    {
      name: "chromium",
      testIgnore: [/postgres\.test\.ts/, CATALOGUE_WRITES],
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${PORT}`, launchOptions },
    },
    {
      name: "chromium-catalogue-writes",
      testMatch: CATALOGUE_WRITES,
      dependencies: ["chromium"],
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${PORT}`, launchOptions },
    },
    ...(hasPostgres
      ? [
          {
            name: "chromium-postgres",
            // The start on an empty database, and every browse rule again on PostgreSQL.
            testMatch: /(postgres|browse|accounts|likes)\.test\.ts/,
            use: {
              ...devices["Desktop Chrome"],
              baseURL: `http://127.0.0.1:${POSTGRES_PORT}`,
              launchOptions,
            },
          },
          {
            name: "chromium-postgres-catalogue-writes",
            testMatch: CATALOGUE_WRITES,
            dependencies: ["chromium-postgres"],
            use: {
              ...devices["Desktop Chrome"],
              baseURL: `http://127.0.0.1:${POSTGRES_PORT}`,
              launchOptions,
            },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: "node --import tsx tests/e2e/support/mail-catcher.ts",
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/healthz`,
      env: {
        MAIL_CATCHER_SMTP_PORT: String(MAIL_SMTP_PORT),
        MAIL_CATCHER_HTTP_PORT: String(MAIL_HTTP_PORT),
      },
      reuseExistingServer: false,
    },
    {
      command: "node --import tsx tests/support/serve-fixture-sites.ts",
      url: `http://127.0.0.1:${FIXTURE_SITES_PORT}/healthz`,
      env: { FIXTURE_SITES_PORT: String(FIXTURE_SITES_PORT) },
      reuseExistingServer: false,
    },
    {
      command: "node --import tsx tests/e2e/support/oidc-provider.ts",
      url: `${OIDC_ISSUER}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: "node --import tsx tests/e2e/start-test-server.ts",
      url: `http://127.0.0.1:${PORT}/healthz`,
      env: appEnv(PORT),
      timeout: 120_000,
      reuseExistingServer: false,
    },
    ...(hasPostgres
      ? [
          {
            command: "node --import tsx tests/e2e/start-test-server.ts",
            url: `http://127.0.0.1:${POSTGRES_PORT}/healthz`,
            env: appEnv(POSTGRES_PORT, { E2E_DATABASE: "postgres" }),
            timeout: 120_000,
            reuseExistingServer: false,
          },
        ]
      : []),
  ],
});
