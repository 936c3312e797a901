import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIKE_RATE, likeRoutes } from "#server/routes/likes.server";
import type { Application } from "#server/boot.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { authRateLimits, authUsers, toolLikes, tools } from "#server/db/schema";
import { handleErrors } from "#server/http/error-handler.server";
import { createRateLimitServices } from "#server/rate-limit/rate-limit-services.server";
import { createLikesServices } from "#server/services/likes/likes-services.server";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// POST and DELETE /api/tools/:id/like with the real services on a real database: the rate-limit
// step and the like run in one statement, so a refused step must change nothing.

const VERIFIED = { id: "route-liker", email: "liker@example.com", emailVerified: true };
const UNVERIFIED = { id: "route-new", email: "new@example.com", emailVerified: false };

describe(`the like routes on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let server: http.Server;
  let base: string;

  const send = (method: "POST" | "DELETE", toolId: string, as = VERIFIED.id) =>
    fetch(`${base}/api/tools/${toolId}/like`, { method, headers: { cookie: `viewer=${as}` } });
  const stateOf = async (toolId: string) => {
    const [tool] = await database.db
      .select({ likesTotal: tools.likesTotal })
      .from(tools)
      .where(eq(tools.id, toolId));
    const [like] = await database.db
      .select({ isActive: toolLikes.isActive })
      .from(toolLikes)
      .where(and(eq(toolLikes.userId, VERIFIED.id), eq(toolLikes.toolId, toolId)));
    return { likesTotal: tool!.likesTotal, isActive: like?.isActive ?? null };
  };
  const stepsOf = async (userId: string) =>
    (
      await database.db
        .select({ count: authRateLimits.count })
        .from(authRateLimits)
        .where(eq(authRateLimits.key, `likes:${userId}`))
    )[0]?.count ?? 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(authUsers).values([VERIFIED, UNVERIFIED]);
    await database.db
      .insert(tools)
      .values([
        createToolRow({ id: "route-tool", slug: "route-tool" }),
        createToolRow({ id: "route-limit", slug: "route-limit" }),
        createToolRow({ id: "route-draft", slug: "route-draft", status: "draft" }),
      ]);
    const viewers = new Map([VERIFIED, UNVERIFIED].map((viewer) => [viewer.id, viewer]));
    const app = {
      readSignedIn: async (headers: Headers) => {
        const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
        return viewer ? { viewer, sessionToken: "s" } : null;
      },
      services: {
        ...createLikesServices({ db: database.db }),
        ...createRateLimitServices({ db: database.db }),
      },
    } as unknown as Application;
    const routes = express().use("/api/tools", likeRoutes(app));
    routes.use(handleErrors(pino({ level: "silent" })));
    server = http.createServer(routes).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await database.close();
  });

  it("likes and unlikes, answering the new count, each taking a step of the limit", async () => {
    const liked = await send("POST", "route-tool");
    expect(liked.status).toBe(200);
    expect(await liked.json()).toEqual({ likesTotal: 1, isLiked: true });
    expect(await (await send("POST", "route-tool")).json()).toEqual({
      likesTotal: 1,
      isLiked: true,
    });
    expect(await (await send("DELETE", "route-tool")).json()).toEqual({
      likesTotal: 0,
      isLiked: false,
    });
    expect(await stateOf("route-tool")).toEqual({ likesTotal: 0, isActive: false });
    expect(await stepsOf(VERIFIED.id)).toBe(3);
  });

  it("answers 404 for a tool that is not online or an id that cannot be one, counting the step", async () => {
    const before = await stepsOf(VERIFIED.id);
    for (const toolId of ["route-draft", "no-such-tool", "not%20an%20id"]) {
      const response = await send("POST", toolId);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    expect(await stepsOf(VERIFIED.id)).toBe(before + 3);
  });

  it("refuses an unverified person before any step, and a signed-out one", async () => {
    expect((await send("POST", "route-tool", UNVERIFIED.id)).status).toBe(403);
    expect(await stepsOf(UNVERIFIED.id)).toBe(0);
    expect((await send("POST", "route-tool", "nobody")).status).toBe(401);
  });

  it("refuses a change past the minute's limit with 429 and Retry-After, changing no like", async () => {
    while ((await stepsOf(VERIFIED.id)) < LIKE_RATE.max) {
      expect((await send("DELETE", "route-limit")).status).toBe(200);
    }
    const refused = await send("POST", "route-limit");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      error: { code: "RATE_LIMITED", message: "Too many requests. Please try again in a moment." },
    });
    expect(await stateOf("route-limit")).toEqual({ likesTotal: 0, isActive: null });
    expect(await stepsOf(VERIFIED.id)).toBe(LIKE_RATE.max + 1);
  });
});
