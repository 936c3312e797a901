import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import {
  BUILD_MS,
  buildOnce,
  startProductionServer,
  type RunningServer,
} from "../support/production-server";

// Decision 023: against the production build: one client's flood of distinct
// uncached 300-card searches no longer takes the render queue. Its renders beyond its share are
// refused at once with 429 and Retry-After, while another client's pages still render.

const FLOODER = "203.0.113.7";
const VISITOR = "198.51.100.20";

function floodPage(url: string) {
  return `${url}/ai-tools?limit=300&search=ai+${randomBytes(6).toString("hex")}`;
}

async function get(url: string, client: string, signal?: AbortSignal) {
  const response = await fetch(url, { headers: { "x-forwarded-for": client }, signal });
  return { status: response.status, retryAfter: response.headers.get("retry-after") };
}

describe("a render flood from one client on the real app", () => {
  let server: RunningServer;

  beforeAll(async () => {
    buildOnce();
    server = await startProductionServer();
    await seedDemoCatalogue(server.app.database.db, 300);
    await server.app.snapshotKeeper.reload();
  }, BUILD_MS);
  afterAll(() => server?.close());

  it("refuses the flood beyond its share with 429 and Retry-After, and renders another client's page meanwhile", async () => {
    const flood = Array.from({ length: 40 }, () => get(floodPage(server.url), FLOODER));
    const visitor = await get(`${server.url}/ai-tools?search=writing`, VISITOR);
    const answers = await Promise.all(flood);

    expect(visitor.status).toBe(200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(30);
    expect(new Set(refused.map((answer) => answer.retryAfter))).toEqual(new Set(["2"]));
    expect(answers.every((answer) => [200, 429, 503].includes(answer.status))).toBe(true);
  });

  it("gives a flooder that closed its requests its share back", async () => {
    const closed = Array.from({ length: 40 }, () =>
      get(floodPage(server.url), FLOODER, AbortSignal.timeout(200)).catch(() => null),
    );
    await Promise.all(closed);
    let next = await get(floodPage(server.url), FLOODER);
    for (let tries = 0; next.status !== 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await get(floodPage(server.url), FLOODER);
    }
    expect(next.status).toBe(200);
  });
});
