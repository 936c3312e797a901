import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { commentImportJobs, comments, tools } from "#server/db/schema";
import { importComments } from "#server/services/comment-import/import-comments.server";
import { listCommentImportJobs } from "#server/services/comment-import/list-comment-import-jobs.server";
import { disqusExport, memoryCommentFile } from "../comment-exports";
import { createToolRow } from "../factories";
import { databaseKind, openTestDatabase } from "./test-database";

// The comment migration against a real database.

const ACTOR = { id: null, email: "cli:test" };

const THREADS = [
  { id: "t1", link: "https://www.old-site.example/tools/quill-writer/", identifier: "p-1" },
  { id: "t2", link: "http://old-site.example/reviews/unknown-thing", identifier: "p-2" },
  { id: "t3", link: "", identifier: "beam-crm" },
  { id: "t4", link: "https://old-site.example/quill-writer?page=2", identifier: "p-4" },
];

const POSTS = [
  // A reply to a reply, before everything it answers.
  { id: "105", thread: "t1", parent: "102", message: "<p>Agreed.</p>" },
  { id: "102", thread: "t1", parent: "101", message: "<p>Which plan?</p>" },
  {
    id: "101",
    thread: "t1",
    author: "Ana Lima",
    createdAt: "2019-03-04T05:06:07Z",
    message:
      '<p>Great <a href="https://disq.us/url?url=https%3A%2F%2Fquill.example%2Fpricing%3AzK9">pricing</a><script>alert(1)</script></p>',
  },
  { id: "103", thread: "t1", isSpam: true },
  { id: "104", thread: "t1", isDeleted: true },
  // A deleted comment with a reply stays as a placeholder.
  { id: "201", thread: "t4", isDeleted: true },
  { id: "202", thread: "t4", parent: "201" },
  // A reply whose parent is not in the file.
  { id: "203", thread: "t4", parent: "999" },
  { id: "301", thread: "t2" },
  { id: "401", thread: "t3" },
];

function exportText() {
  return disqusExport(THREADS, POSTS, { postsFirst: true });
}

describe(`comment migration on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const quill = createToolRow({
    id: "quill",
    slug: "quill-writer",
    name: "Quill Writer",
    category: "Writing",
    subCategory: "Copywriting",
  });
  const beam = createToolRow({ id: "beam", slug: "beam-crm", name: "Beam CRM", category: "Sales" });

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(tools).values([quill, beam]);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(comments);
  });

  const run = (
    text: string,
    options: Partial<Parameters<typeof importComments>[3]> = {},
    name = "export.xml",
  ) =>
    importComments(database.db, ACTOR, memoryCommentFile(name, text), {
      dryRun: false,
      ...options,
    });
  const commentCount = async () => (await database.db.select({ n: count() }).from(comments))[0]!.n;

  it("dry run reports threads, comments to import and what is skipped, and changes nothing", async () => {
    const jobsBefore = (await database.db.select({ n: count() }).from(commentImportJobs))[0]!.n;
    const report = await run(exportText(), { dryRun: true });
    expect(report).toMatchObject({
      status: "succeeded",
      dryRun: true,
      threads: 4,
      matchedThreads: 3,
      unmatchedThreads: 1,
      tools: 2,
      posts: 10,
      toImport: 7,
      imported: 0,
      alreadyImported: 0,
      skippedSpam: 1,
      skippedDeleted: 1,
      placeholders: 1,
      orphans: 1,
      inUnmatchedThreads: 1,
    });
    expect(report.unmatchedSamples).toEqual([
      expect.objectContaining({
        thread: "t2",
        link: "http://old-site.example/reviews/unknown-thing",
        comments: 1,
      }),
    ]);
    expect(
      report.matchedSamples.map((sample) => [sample.thread, sample.tool.id, sample.matchedBy]),
    ).toEqual([
      ["t1", "quill", "alias"],
      ["t4", "quill", "old-slug"],
      ["t3", "beam", "id"],
    ]);
    expect(await commentCount()).toBe(0);
    const jobsAfter = (await database.db.select({ n: count() }).from(commentImportJobs))[0]!.n;
    expect(jobsAfter).toBe(jobsBefore + 1);
  });

  it("imports once: a re-run adds nothing and counts what was already imported", async () => {
    const first = await run(exportText());
    expect(first).toMatchObject({ status: "succeeded", imported: 7, alreadyImported: 0 });
    expect(await commentCount()).toBe(7);
    const again = await run(exportText());
    expect(again).toMatchObject({ status: "succeeded", imported: 0, alreadyImported: 7 });
    expect(await commentCount()).toBe(7);
    const dry = await run(exportText(), { dryRun: true });
    expect(dry).toMatchObject({ toImport: 0, alreadyImported: 7 });
  });

  it("keeps name and date, stores no email, sanitises the HTML and unwraps Disqus links", async () => {
    await run(exportText());
    const [ana] = await database.db.select().from(comments).where(eq(comments.externalId, "101"));
    expect(ana).toMatchObject({
      toolId: "quill",
      authorName: "Ana Lima",
      authorId: null,
      bodySource: null,
      source: "disqus",
      status: "visible",
      parentId: null,
      isOrphan: false,
    });
    expect(ana!.createdAt.toISOString()).toBe("2019-03-04T05:06:07.000Z");
    expect(ana!.bodyHtml).toBe(
      '<p>Great <a href="https://quill.example/pricing" rel="nofollow ugc noopener">pricing</a></p>',
    );
    const everything = JSON.stringify(await database.db.select().from(comments));
    expect(everything).not.toContain("@example.com");
    expect(everything).not.toContain("<script");
  });

  it("nests replies one level under their top-level comment and flags replies without a parent", async () => {
    await run(exportText());
    const rows = await database.db.select().from(comments).orderBy(asc(comments.externalId));
    const byKey = new Map(rows.map((row) => [row.externalId, row]));
    expect(byKey.get("102")!.parentId).toBe(byKey.get("101")!.id);
    expect(byKey.get("105")!.parentId).toBe(byKey.get("101")!.id);
    expect(byKey.get("202")!.parentId).toBe(byKey.get("201")!.id);
    expect(byKey.get("201")).toMatchObject({ status: "deleted", bodyHtml: "", parentId: null });
    expect(byKey.get("203")).toMatchObject({ parentId: null, isOrphan: true, toolId: "quill" });
    expect(byKey.has("103")).toBe(false);
    expect(byKey.has("104")).toBe(false);
  });

  it("replace removes the earlier import of its source and leaves native comments alone", async () => {
    await run(exportText());
    const [parent] = await database.db
      .select()
      .from(comments)
      .where(eq(comments.externalId, "101"));
    await database.db.insert(comments).values([
      { toolId: "quill", authorName: "Native top", bodyHtml: "<p>Mine</p>", source: "native" },
      {
        toolId: "quill",
        authorName: "Native reply",
        bodyHtml: "<p>Reply</p>",
        parentId: parent!.id,
      },
      { toolId: "beam", authorName: "Demo", bodyHtml: "<p>Demo</p>", source: "demo", rating: 4 },
    ]);
    const smaller = disqusExport(THREADS, [POSTS[2]!, POSTS[9]!]);
    const dry = await run(smaller, { dryRun: true, replace: true });
    expect(dry).toMatchObject({ replaced: 6, keptForReplies: 1, alreadyImported: 1, toImport: 1 });
    expect(await commentCount()).toBe(10);

    const report = await run(smaller, { replace: true });
    expect(report).toMatchObject({
      status: "succeeded",
      replaced: 6,
      keptForReplies: 1,
      imported: 1,
      alreadyImported: 1,
    });
    const rows = await database.db.select().from(comments);
    expect(
      rows
        .filter((row) => row.source === "disqus")
        .map((row) => row.externalId)
        .sort(),
    ).toEqual(["101", "401"]);
    expect(
      rows
        .filter((row) => row.source !== "disqus")
        .map((row) => row.authorName)
        .sort(),
    ).toEqual(["Demo", "Native reply", "Native top"]);
  });

  it("refuses to replace native or demo comments", async () => {
    const report = await run(exportText(), { replace: true, source: "native" });
    expect(report.status).toBe("rejected");
    expect(report.message).toMatch(/native and demo/);
    expect(await commentCount()).toBe(0);
  });

  const refusingBoom = async (work: () => Promise<void>) => {
    await database.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.external_id = 'boom' then raise exception 'comment boom refused'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_boom before insert on comments for each row execute function refuse_boom()`,
    );
    try {
      await work();
    } finally {
      await database.db.execute(sql`drop trigger refuse_boom on comments`);
    }
  };

  it("a failing first batch of a replace leaves the earlier import as it was", async () => {
    await run(exportText());
    await refusingBoom(async () => {
      const report = await run(disqusExport(THREADS, [{ id: "boom", thread: "t1" }]), {
        replace: true,
      });
      expect(report).toMatchObject({ status: "failed", imported: 0, replaced: 0 });
    });
    expect(await commentCount()).toBe(7);
  });

  it("a failing batch imports nothing of itself, stops, and says why", async () => {
    await refusingBoom(async () => {
      const posts = ["a1", "a2", "a3", "boom", "a5", "a6"].map((id) => ({ id, thread: "t1" }));
      const report = await run(disqusExport(THREADS, posts), { batchSize: 2 });
      expect(report.status).toBe("failed");
      expect(report.message).toMatch(/comments 3 to 4 failed/);
      expect(report.message).toMatch(/comment boom refused/);
      expect(report.imported).toBe(2);
      const keys = (await database.db.select().from(comments)).map((row) => row.externalId).sort();
      expect(keys).toEqual(["a1", "a2"]);
      const [job] = await database.db
        .select()
        .from(commentImportJobs)
        .where(eq(commentImportJobs.id, report.jobId));
      expect(job!.status).toBe("failed");
    });
  });

  it("imports the JSON format with ratings, and every touched tool's rating matches its rows", async () => {
    await database.db.insert(comments).values({
      toolId: "beam",
      authorName: "Native",
      bodyHtml: "<p>ok</p>",
      rating: 2,
    });
    const file = {
      source: "oldblog",
      threads: [
        { id: "x", toolId: "quill" },
        { id: "y", link: "https://old.example/ai-tools/sales/beam-crm/" },
      ],
      comments: [
        {
          id: "1",
          thread: "x",
          author: "Kim",
          createdAt: "2020-01-01T00:00:00Z",
          format: "markdown",
          body: "**Good**",
          rating: 5,
        },
        {
          id: "2",
          thread: "x",
          author: "Lee",
          createdAt: "2020-01-02T00:00:00Z",
          format: "html",
          body: "<p>Fine</p>",
          rating: 4,
        },
        {
          id: "3",
          thread: "x",
          parent: "1",
          author: "Max",
          createdAt: "2020-01-03T00:00:00Z",
          format: "html",
          body: "<p>Yes</p>",
        },
        {
          id: "4",
          thread: "y",
          author: "Noa",
          createdAt: "2020-01-04T00:00:00Z",
          format: "html",
          body: "<p>Meh</p>",
          rating: 3,
        },
        {
          id: "5",
          thread: "y",
          parent: "4",
          author: "Ola",
          createdAt: "2020-01-05T00:00:00Z",
          format: "html",
          body: "<p>x</p>",
          rating: 1,
        },
      ],
    };
    const report = await run(JSON.stringify(file), {}, "comments.json");
    expect(report).toMatchObject({
      status: "succeeded",
      source: "oldblog",
      imported: 4,
      ratings: 3,
      invalid: 1,
    });
    expect(report.problems).toEqual([
      { line: null, record: "comments[4]", message: "rating: a reply cannot carry a rating." },
    ]);
    const [kim] = await database.db.select().from(comments).where(eq(comments.externalId, "1"));
    expect(kim).toMatchObject({
      source: "oldblog",
      bodyHtml: "<p><strong>Good</strong></p>",
      rating: 5,
    });
    const drift = await database.db.execute(sql`
      select t.id from tools t
      left join (select tool_id, count(rating)::int as n, coalesce(round(avg(rating), 2), 0)::float8 as avg
                 from comments where status = 'visible' group by tool_id) c on c.tool_id = t.id
      where t.rating_count <> coalesce(c.n, 0) or abs(t.rating_avg - coalesce(c.avg, 0)) > 0.001`);
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
    const [quillRow] = await database.db.select().from(tools).where(eq(tools.id, "quill"));
    expect(quillRow).toMatchObject({ ratingCount: 2, ratingAvg: 4.5 });
    const [beamRow] = await database.db.select().from(tools).where(eq(tools.id, "beam"));
    expect(beamRow).toMatchObject({ ratingCount: 2, ratingAvg: 2.5 });
  });

  it("takes a date after the import as the import's time", async () => {
    const file = {
      source: "future",
      threads: [{ id: "x", toolId: "quill" }],
      comments: [
        {
          id: "f",
          thread: "x",
          author: "Kim",
          createdAt: "2031-03-05T08:30:00Z",
          format: "html",
          body: "<p>Hi</p>",
        },
        {
          id: "p",
          thread: "x",
          author: "Lee",
          createdAt: "2020-01-02T00:00:00Z",
          format: "html",
          body: "<p>Hi</p>",
        },
      ],
    };
    const before = new Date();
    expect(await run(JSON.stringify(file), {}, "comments.json")).toMatchObject({ imported: 2 });
    const rows = await database.db
      .select({ id: comments.externalId, createdAt: comments.createdAt })
      .from(comments)
      .orderBy(asc(comments.externalId));
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows[1]!.createdAt.toISOString()).toBe("2020-01-02T00:00:00.000Z");
  });

  it("records every run, newest first, for the page's history", async () => {
    const report = await run(exportText(), { dryRun: true });
    const [latest] = await listCommentImportJobs(database.db);
    expect(latest).toMatchObject({
      id: report.jobId,
      dryRun: true,
      status: "succeeded",
      matchedThreads: 3,
      toImport: 7,
      fileName: "export.xml",
      source: "disqus",
    });
    const rejected = await run("<disqus", { dryRun: true });
    expect(rejected.status).toBe("rejected");
    expect(rejected.problems[0]!.line).toBe(1);
    const rows = await database.db
      .select()
      .from(commentImportJobs)
      .where(
        and(eq(commentImportJobs.id, rejected.jobId), eq(commentImportJobs.status, "rejected")),
      );
    expect(rows).toHaveLength(1);
  });
});
