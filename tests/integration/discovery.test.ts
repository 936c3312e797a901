import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { adminAudit, tools } from "#server/db/schema";
import { discoveryRoutes } from "#server/routes/discovery-routes.server";
import { createDiscoveryServices } from "#server/services/discovery/discovery-services.server";
import { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import {
  readAtom,
  readRss,
  readSitemapIndex,
  readUrlSet,
  sitemapSchemaErrors,
} from "../discovery-xml";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// Over HTTP on a real database: the sitemap and the feeds follow the catalogue, a new
// online tool joining them and an unpublished one leaving, as soon as the snapshot has the change.

const APP_URL = "http://directory.test";

describe(`sitemap, feeds and robots.txt on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let keeper: SnapshotKeeper;
  let services: ReturnType<typeof createDiscoveryServices>;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db
      .insert(tools)
      .values([
        createToolRow({ id: "writer", slug: "copy-writer", name: "Copy Writer" }),
        createToolRow({ id: "scout", slug: "lead-scout", name: "Lead Scout" }),
        createToolRow({ id: "hidden", slug: "hidden-draft", name: "Hidden", status: "draft" }),
      ]);
    keeper = new SnapshotKeeper(database.db);
    await keeper.reload();
    services = createDiscoveryServices({
      db: database.db,
      snapshotKeeper: keeper,
      appUrl: APP_URL,
      sitemapChunkSize: 3,
    });
    const app = express();
    app.use(discoveryRoutes({ services }, APP_URL));
    server = createServer(app);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await database?.close();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${path}`, { headers });
    return { response, text: await response.text() };
  }

  /** Every page URL of the sitemap, read over HTTP through the index. */
  async function sitemapLocations(): Promise<string[]> {
    const { response, text } = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(await sitemapSchemaErrors(text, "sitemap-index")).toEqual([]);
    const locations: string[] = [];
    for (const chunk of readSitemapIndex(text)) {
      expect(chunk.loc.startsWith(`${APP_URL}/sitemaps/`)).toBe(true);
      const answer = await get(new URL(chunk.loc).pathname);
      expect(answer.response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
      expect(await sitemapSchemaErrors(answer.text, "urlset")).toEqual([]);
      const urls = readUrlSet(answer.text);
      expect(urls.length).toBeLessThanOrEqual(3);
      locations.push(...urls.map((url) => url.loc));
    }
    return locations;
  }

  async function feedIds() {
    const rss = await get("/feed.xml");
    expect(rss.response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const atom = await get("/feed.atom");
    expect(atom.response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const rssIds = readRss(rss.text, `${APP_URL}/feed.xml`).map((item) => item.id);
    const atomIds = readAtom(atom.text, `${APP_URL}/feed.atom`).map((entry) => entry.id);
    expect(atomIds).toEqual(rssIds);
    return rssIds;
  }

  const tag = (id: string) => `tag:directory.test,2026:tools/${id}`;

  it("lists the online tools in the sitemap and the feeds, never a draft", async () => {
    const locations = await sitemapLocations();
    expect(locations).toContain(`${APP_URL}/ai-tools/sales/lead-generation/copy-writer`);
    expect(locations).toContain(`${APP_URL}/ai-tools/sales/lead-generation/lead-scout`);
    expect(locations).toContain(`${APP_URL}/compare/copy-writer-vs-lead-scout`);
    expect(locations.some((loc) => loc.includes("hidden"))).toBe(false);
    expect(await feedIds()).toEqual([tag("scout"), tag("writer")]);
  });

  it("adds a newly published tool and drops an unpublished one at once", async () => {
    const fresh = createToolRow({ id: "fresh", slug: "fresh-tool", name: "Fresh Tool" });
    await database.db.insert(tools).values(fresh);
    await database.db
      .update(tools)
      .set({ status: "offline", updatedAt: new Date() })
      .where(eq(tools.id, "writer"));
    await keeper.refresh(["fresh", "writer"]);

    const locations = await sitemapLocations();
    expect(locations).toContain(`${APP_URL}/ai-tools/sales/lead-generation/fresh-tool`);
    expect(locations.some((loc) => loc.includes("copy-writer"))).toBe(false);
    expect(await feedIds()).toEqual([tag("fresh"), tag("scout")]);

    await database.db.update(tools).set({ status: "online" }).where(eq(tools.id, "hidden"));
    await keeper.refresh(["hidden"]);
    expect(await sitemapLocations()).toContain(
      `${APP_URL}/ai-tools/sales/lead-generation/hidden-draft`,
    );
  });

  it("builds once per catalogue revision, even for requests arriving together", async () => {
    const [first, second] = await Promise.all([services.getSitemap(), services.getSitemap()]);
    expect(second).toBe(first);
    expect(await services.getSitemap()).toBe(first);
    await keeper.refresh(["scout"]);
    expect(await services.getSitemap()).not.toBe(first);
  });

  it("moves the lastmods of the pages a tool left, the index's and the feeds' dates", async () => {
    const before = new Date("2026-01-01T00:00:00Z");
    const unpublished = new Date("2026-03-01T00:00:00Z");
    await database.db.update(tools).set({ updatedAt: before });
    await keeper.reload();
    /** The lastmods of the sitemap's pages by path, and of its first chunk in the index. */
    async function lastmods() {
      const index = readSitemapIndex((await get("/sitemap.xml")).text);
      const byPath = new Map<string, string | undefined>();
      for (const chunk of index) {
        for (const url of readUrlSet((await get(new URL(chunk.loc).pathname)).text)) {
          byPath.set(url.loc.slice(APP_URL.length), url.lastmod);
        }
      }
      return { byPath, index: index[0]!.lastmod };
    }
    expect((await lastmods()).byPath.get("/")).toBe("2026-01-01T00:00:00Z");

    await database.db
      .update(tools)
      .set({ status: "offline", updatedAt: unpublished })
      .where(eq(tools.id, "scout"));
    await keeper.refresh(["scout"]);
    const after = await lastmods();
    for (const path of ["/", "/ai-tools", "/ai-tools/sales", "/ai-tools/sales/lead-generation"]) {
      expect(after.byPath.get(path), path).toBe("2026-03-01T00:00:00Z");
    }
    expect(after.index).toBe("2026-03-01T00:00:00Z");
    expect((await get("/feed.xml")).text).toContain(
      `<lastBuildDate>${unpublished.toUTCString()}</lastBuildDate>`,
    );
    expect((await get("/feed.atom")).text).toContain("<updated>2026-03-01T00:00:00Z</updated>\n");

    // A deleted tool is gone from the table: the audit log dates its removal.
    await database.db.insert(adminAudit).values({
      userId: "admin",
      userEmail: "admin@example.com",
      action: "delete",
      details: { toolIds: ["gone"], names: ["Gone"] },
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    await keeper.reload();
    expect((await lastmods()).byPath.get("/")).toBe("2026-04-01T00:00:00Z");
    expect((await get("/feed.xml")).text).toContain(
      `<lastBuildDate>${new Date("2026-04-01T00:00:00Z").toUTCString()}</lastBuildDate>`,
    );
  });

  it("answers 304 to a matching ETag and 404 to a chunk that does not exist", async () => {
    const { response } = await get("/sitemap.xml");
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    // Node's fetch sends a conditional request with Cache-Control: no-cache unless told otherwise,
    // which asks for the full answer.
    expect(
      (await get("/sitemap.xml", { "If-None-Match": etag, "Cache-Control": "max-age=0" })).response
        .status,
    ).toBe(304);
    const chunks = readSitemapIndex((await get("/sitemap.xml")).text).length;
    for (const path of [
      "/sitemaps/0.xml",
      `/sitemaps/${chunks + 1}.xml`,
      "/sitemaps/1",
      "/sitemaps/01.xml",
      "/sitemaps/99999999999999999999.xml",
    ]) {
      expect((await get(path)).response.status, path).toBe(404);
    }
    expect((await get(`/sitemaps/${chunks}.xml`)).response.status).toBe(200);
  });

  it("serves robots.txt and llms.txt as plain text", async () => {
    const robots = await get("/robots.txt");
    expect(robots.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.text).toContain("Disallow: /admin\n");
    expect(robots.text).toContain(`Sitemap: ${APP_URL}/sitemap.xml\n`);
    const llms = await get("/llms.txt");
    expect(llms.response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(llms.text).toContain(`[Sales](${APP_URL}/ai-tools/sales)`);
    expect(llms.text).toContain(`${APP_URL}/ai-tools/sales/lead-generation/fresh-tool`);
  });
});
