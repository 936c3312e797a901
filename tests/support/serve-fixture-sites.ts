// Runs the loopback fixture sites (fixture-sites.ts) on a fixed port for Playwright:
//   FIXTURE_SITES_PORT=4410 node --import tsx tests/support/serve-fixture-sites.ts
// 127.0.0.1 only; GET /healthz answers "ok" once the sites are up.

import { startFixtureSites } from "./fixture-sites";

const port = Number(process.env.FIXTURE_SITES_PORT ?? 4410);
if (!Number.isInteger(port) || port < 0) {
  throw new Error(
    `FIXTURE_SITES_PORT must be a port number, not "${process.env.FIXTURE_SITES_PORT}".`,
  );
}

const sites = await startFixtureSites({ port });
console.log(`Fixture sites on ${sites.origin}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sites.close().then(() => process.exit(0));
  });
}
