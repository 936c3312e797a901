import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import type { SavedComment } from "~/lib/api/contract";
import type { Viewer } from "~/lib/profile";
import { commentRoutes, toolCommentRoutes } from "../server/routes/comments.server";
import type { Application } from "../server/boot.server";
import { openPglite, openPostgres, type DatabaseHandle } from "../server/db/client.server";
import { queryRows } from "../server/db/query-rows.server";
import { authUsers, tools } from "../server/db/schema";
import { handleErrors } from "../server/http/error-handler.server";
import { createRateLimitServices } from "../server/rate-limit/rate-limit-services.server";
import { createCommentsServices } from "../server/services/comments/comments-services.server";
import { createToolRow } from "../tests/factories";
import { createScratchDatabase } from "../tests/scratch-database";

// `npm run bench:ratings [-- --people 200 --tools 3 --rounds 3]`: rating-update
// throughput under concurrency. N signed-in, verified people each post a rated comment on one of a
// few tools, all at once; then, round after round, all of them change their rating at once
// (PUT /api/comments/:id, through the real routes with their rate-limit steps). Prints ratings a
// second per round and checks every tool's rating_avg and rating_count against its rows. Runs on
// PGlite in memory, then on a new database of TEST_DATABASE_URL's PostgreSQL server when set.
// The session read is a stand-in (likes' benchmark measures the real one): this is the rating.

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const PEOPLE = option("people", 200);
const TOOLS = option("tools", 3);
// Each person's post and changes stay inside the burst limit of comment writes (10 a minute).
const ROUNDS = Math.min(option("rounds", 3), 9);

async function run(name: string, database: DatabaseHandle) {
  const viewers = new Map<string, Viewer>();
  const people = Array.from({ length: PEOPLE }, (_, n): Viewer => {
    const viewer = {
      id: `bench-${n}`,
      email: `bench-${n}@example.com`,
      emailVerified: true,
      username: `bench${n}`,
      displayName: `Bench ${n}`,
      photoUrl: null,
      isAdmin: false,
    };
    viewers.set(viewer.id, viewer);
    return viewer;
  });
  await database.db
    .insert(authUsers)
    .values(people.map((p) => ({ id: p.id, email: p.email, emailVerified: true })));
  const toolIds = Array.from({ length: TOOLS }, (_, n) => `bench-tool-${n}`);
  await database.db.insert(tools).values(toolIds.map((id) => createToolRow({ id, slug: id })));

  const app = {
    readSignedIn: async (headers: Headers) => {
      const viewer = viewers.get(headers.get("cookie")?.replace("viewer=", "") ?? "");
      return viewer ? { viewer, sessionToken: "s" } : null;
    },
    services: {
      ...createCommentsServices({ db: database.db }),
      ...createRateLimitServices({ db: database.db }),
    },
  } as unknown as Application;
  const routes = express();
  routes.set("trust proxy", true);
  routes.use("/api/tools", toolCommentRoutes(app));
  routes.use("/api/comments", commentRoutes(app));
  routes.use(handleErrors(pino({ level: "silent" })));
  const server = http.createServer(routes).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const send = (method: string, path: string, person: Viewer, json: unknown, n: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify(json);
      const request = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          headers: {
            cookie: `viewer=${person.id}`,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-forwarded-for": `10.1.${n >> 8}.${n & 255}`,
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  const timed = async (label: string, writes: () => Promise<{ status: number }[]>) => {
    const started = performance.now();
    const answers = await writes();
    const seconds = (performance.now() - started) / 1000;
    const failed = answers.filter((answer) => answer.status >= 300).length;
    console.log(
      `${name}: ${label}: ${PEOPLE} ratings in ${seconds.toFixed(2)} s = ${(PEOPLE / seconds).toFixed(0)} ratings/s${failed ? `, ${failed} FAILED` : ""}`,
    );
  };

  const commentIds: number[] = [];
  await timed("first ratings (POST)", async () => {
    const answers = await Promise.all(
      people.map((person, n) =>
        send(
          "POST",
          `/api/tools/${toolIds[n % TOOLS]}/comments`,
          person,
          { body: `Rating from ${person.username}`, rating: (n % 5) + 1 },
          n,
        ),
      ),
    );
    answers.forEach((answer, n) => {
      commentIds[n] = (JSON.parse(answer.body) as SavedComment).comment?.id ?? 0;
    });
    return answers;
  });
  for (let round = 1; round <= ROUNDS; round += 1) {
    await timed(`changes, round ${round} (PUT)`, () =>
      Promise.all(
        people.map((person, n) =>
          send(
            "PUT",
            `/api/comments/${commentIds[n]}`,
            person,
            { rating: ((n + round) % 5) + 1 },
            n,
          ),
        ),
      ),
    );
  }

  const rows = await queryRows<{ id: string; stored: string; rows: string }>(
    database.db,
    sql`select t.id, t.rating_avg::text || '/' || t.rating_count as stored,
          coalesce(round(avg(c.rating), 2), 0)::real::text || '/' || count(c.rating) as rows
        from tools t left join comments c
          on c.tool_id = t.id and c.status = 'visible' and c.rating is not null
        group by t.id order by t.id`,
  );
  const drifted = rows.filter((row) => row.stored !== row.rows);
  console.log(
    `${name}: ${drifted.length === 0 ? "exact" : "DRIFTED"}: ${rows.map((row) => `${row.id} ${row.stored} (rows ${row.rows})`).join(", ")}`,
  );
  agent.destroy();
  server.closeAllConnections();
  server.close();
  return drifted.length === 0;
}

let isExact = true;
const pglite = await openPglite(null);
await pglite.migrate();
isExact = (await run("PGlite", pglite)) && isExact;
await pglite.close();

if (process.env.TEST_DATABASE_URL) {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL, "bench_ratings");
  const postgres = await openPostgres(scratch.url);
  try {
    await postgres.migrate();
    isExact = (await run("PostgreSQL", postgres)) && isExact;
  } finally {
    await postgres.close();
    await scratch.drop();
  }
}
process.exit(isExact ? 0 : 1);
