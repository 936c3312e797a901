import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { toolQuerySchema } from "~/lib/tool-query";
import { EMPTY_TOOL_INPUT, toolInputSchema, type ToolInput } from "~/lib/tool-input";
import type { SnapshotKeeper } from "#server/snapshot/snapshot-keeper.server";
import type { DatabaseHandle } from "#server/db/client.server";
import { adminAudit, importJobs, tools } from "#server/db/schema";
import { AppError } from "#server/core/errors.server";
import type { Logger } from "#server/core/logger.server";
import {
  removeUnusedImages,
  storeToolImage,
  sweepUnusedUploads,
} from "#server/media/tool-images.server";
import { seedDemoCatalogue } from "#server/seed/seed-demo.server";
import { deleteTools } from "#server/services/admin/change-tools.server";
import { deleteToolsAndImages } from "#server/services/admin/delete-tools-and-images.server";
import { updateToolAndImages } from "#server/services/admin/update-tool-and-images.server";
import { findTools } from "#server/services/tools/find-tools.server";
import { createTool, updateTool } from "#server/services/admin/save-tool.server";
import { exportCatalogue } from "#server/services/import-export/export-catalogue.server";
import { importCatalogue } from "#server/services/import-export/import-catalogue.server";
import {
  parseCsv,
  readCatalogueFile,
} from "#server/services/import-export/read-catalogue-file.server";
import { followSnapshot, onlineStatsOf } from "./followed-snapshot";
import { databaseKind, openTestDatabase } from "./test-database";

// Manual writes and imports keep the snapshot and the category statistics exact; a dry
// run changes nothing; a bad row imports nothing; a re-import is a no-op; export round-trips.

const ACTOR = { id: "admin-1", email: "admin@example.com" };

function withoutLikes(text: string, format: "json" | "csv") {
  const reading = readCatalogueFile(text, format);
  if (!reading.ok) throw new Error(reading.message);
  return reading.rows.map(({ values: { likes_total: _, ...rest } }) => rest);
}

function toolInput(values: Partial<ToolInput>): ToolInput {
  return toolInputSchema.parse({ ...EMPTY_TOOL_INPUT, ...values });
}

describe(`manual add and edit on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  let keeper: SnapshotKeeper;
  let stopListening: () => Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 40);
    ({ keeper, stop: stopListening } = await followSnapshot(database));
  });
  afterAll(async () => {
    await stopListening();
    await database.close();
  });

  const onlineStats = () => onlineStatsOf(database.db);
  /** The audit rows of one action on one tool, oldest first, whatever other tests wrote. */
  const auditsOf = (action: string, toolId: string) =>
    database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), sql`${adminAudit.details}->>'toolId' = ${toolId}`))
      .orderBy(adminAudit.id);
  const snapshotShowing = async (id: string, isShown: boolean) => {
    await expect
      .poll(async () => {
        await keeper.settled();
        return keeper.snapshot.byId.has(id);
      })
      .toBe(isShown);
    return keeper.snapshot;
  };

  it("adds a tool that search, listings and statistics show at once, and audits it", async () => {
    const saved = await createTool(
      database.db,
      ACTOR,
      toolInput({
        name: "Zephyr Quillwright",
        category: "Brand New Category",
        subCategory: "Fresh Sub",
        websiteUrl: "https://zephyr.example",
        hashtags: ["inkwellish"],
      }),
    );
    expect(saved.publicPath).toBe("/ai-tools/brand-new-category/fresh-sub/zephyr-quillwright");
    const snapshot = await snapshotShowing(saved.id, true);
    expect(snapshot.stats).toEqual(await onlineStats());
    expect(snapshot.stats.categories["Brand New Category"]).toEqual({
      count: 1,
      subcategories: { "Fresh Sub": 1 },
    });
    const found = findTools(snapshot, toolQuerySchema.parse({ search: "inkwellish" }));
    expect(found.tools.map((tool) => tool.id)).toContain(saved.id);
    expect(await auditsOf("create", saved.id)).toEqual([
      expect.objectContaining({
        userEmail: ACTOR.email,
        details: expect.objectContaining({ toolId: saved.id }),
      }),
    ]);
  });

  it("gives a second tool of the same name its own slug", async () => {
    const first = await createTool(
      database.db,
      ACTOR,
      toolInput({ name: "Twin Tool", status: "draft" }),
    );
    const second = await createTool(
      database.db,
      ACTOR,
      toolInput({ name: "Twin Tool", status: "draft" }),
    );
    expect([first.slug, second.slug]).toEqual(["twin-tool", "twin-tool-2"]);
  });

  it("edits a tool, keeps its slug, and moves it between categories in the statistics", async () => {
    const saved = await createTool(
      database.db,
      ACTOR,
      toolInput({ name: "Mover Tool", category: "Alpha Moves" }),
    );
    await snapshotShowing(saved.id, true);
    const updated = await updateTool(
      database.db,
      ACTOR,
      saved.id,
      toolInput({
        name: "Mover Tool Renamed",
        category: "Beta Moves",
        cardDescription: "Now in beta.",
      }),
      saved.updatedAt,
    );
    expect(updated.slug).toBe("mover-tool");
    await expect
      .poll(async () => {
        await keeper.settled();
        return keeper.snapshot.byId.get(saved.id)?.name;
      })
      .toBe("Mover Tool Renamed");
    expect(keeper.snapshot.stats.categories["Alpha Moves"]).toBeUndefined();
    expect(keeper.snapshot.stats).toEqual(await onlineStats());
    const audits = await auditsOf("update", saved.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ changed: ["name", "category", "cardDescription"] });
  });

  it("refuses an edit made on a stale version, and unpublishing hides the tool", async () => {
    const saved = await createTool(database.db, ACTOR, toolInput({ name: "Stale Tool" }));
    await updateTool(
      database.db,
      ACTOR,
      saved.id,
      toolInput({ name: "Stale Tool", cardDescription: "One" }),
    );
    await expect(
      updateTool(database.db, ACTOR, saved.id, toolInput({ name: "Stale Tool" }), saved.updatedAt),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await snapshotShowing(saved.id, true);
    await updateTool(
      database.db,
      ACTOR,
      saved.id,
      toolInput({ name: "Stale Tool", status: "offline" }),
    );
    const snapshot = await snapshotShowing(saved.id, false);
    expect(snapshot.stats).toEqual(await onlineStats());
  });

  it("shows imported tools at once (an import's event names no tools: everything is reread)", async () => {
    const report = await importCatalogue(
      database.db,
      ACTOR,
      {
        name: "one.csv",
        format: "csv",
        text: "id,name,category\nimported-1,Imported Live,Gamma Imports\n",
      },
      { dryRun: false },
    );
    expect(report.created).toBe(1);
    const snapshot = await snapshotShowing("imported-1", true);
    expect(snapshot.stats).toEqual(await onlineStats());
  });

  it("refuses a subcategory whose address is a tool's, and unknown tools", async () => {
    const tool = await database.db.query.tools.findFirst({ where: eq(tools.id, "demo-0001") });
    const error = await createTool(
      database.db,
      ACTOR,
      toolInput({ name: "Clash", category: "Anything", subCategory: tool!.name }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fields?.subCategory).toContain(tool!.name);
    await expect(
      updateTool(database.db, ACTOR, "no-such-tool", toolInput({ name: "X" })),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe(`catalogue import on ${databaseKind}`, () => {
  let database: DatabaseHandle;
  const toolCount = async () =>
    Number((await database.db.select({ n: count() }).from(tools))[0]!.n);
  const csv = (text: string) => ({ name: "tools.csv", format: "csv" as const, text });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoCatalogue(database.db, 30);
  });
  afterAll(async () => database.close());

  it("changes nothing in a dry run, and records it", async () => {
    const before = await toolCount();
    const report = await importCatalogue(
      database.db,
      ACTOR,
      csv("name,websiteUrl\nDry One,https://dry-one.example\n"),
      { dryRun: true },
    );
    expect(report).toMatchObject({ status: "succeeded", created: 1, dryRun: true });
    expect(await toolCount()).toBe(before);
    const [job] = await database.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, report.jobId));
    expect(job).toMatchObject({
      dryRun: true,
      status: "succeeded",
      created: 1,
      userEmail: ACTOR.email,
    });
  });

  it("imports nothing from a file with one bad row, and says which", async () => {
    const before = await toolCount();
    const report = await importCatalogue(
      database.db,
      ACTOR,
      csv(
        "name,websiteUrl\nGood One,https://good-one.example\nBad One,javascript:alert(1)\nGood Two,\n",
      ),
      { dryRun: false },
    );
    expect(report.status).toBe("rejected");
    expect(report.problems).toEqual([
      {
        row: 3,
        name: "Bad One",
        reasons: ["websiteUrl: Enter a web address that starts with http:// or https://."],
      },
    ]);
    expect(await toolCount()).toBe(before);
    const [job] = await database.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, report.jobId));
    expect(job).toMatchObject({ dryRun: false, status: "rejected", rejected: 1 });
  });

  it("imports a file once: the same file again changes nothing", async () => {
    const before = await toolCount();
    const file = csv(
      "name,websiteUrl,category,hashtags\nFirst Import,https://first.example,Imported Things,a|b\nSecond Import,,Imported Things,\n",
    );
    const first = await importCatalogue(database.db, ACTOR, file, { dryRun: false });
    expect(first).toMatchObject({ status: "succeeded", created: 2, updated: 0 });
    expect(await toolCount()).toBe(before + 2);
    const stored = await database.db.query.tools.findFirst({
      where: eq(tools.name, "First Import"),
    });
    expect(stored).toMatchObject({ source: "import", hashtags: ["a", "b"], status: "online" });

    const again = await importCatalogue(database.db, ACTOR, file, { dryRun: false });
    expect(again).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: 2 });
    expect(await toolCount()).toBe(before + 2);
    const after = await database.db.query.tools.findFirst({
      where: eq(tools.name, "First Import"),
    });
    expect(after!.updatedAt).toEqual(stored!.updatedAt);
  });

  it("imports the same names the same way every time, whatever slugs they were given", async () => {
    const file = csv(
      "name,websiteUrl,category\nAlpha Twin,https://alpha-twin.example,\nAlpha Twin,,\nWriting Desk,,Writing Desk\n",
    );
    const first = await importCatalogue(database.db, ACTOR, file, { dryRun: false });
    expect(first).toMatchObject({ status: "succeeded", created: 3 });
    const slugs = await database.db
      .select({ slug: tools.slug })
      .from(tools)
      .where(inArray(tools.name, ["Alpha Twin", "Writing Desk"]));
    expect(slugs.map((row) => row.slug).sort()).toEqual([
      "alpha-twin",
      "alpha-twin-2",
      "writing-desk-2",
    ]);
    const again = await importCatalogue(database.db, ACTOR, file, { dryRun: false });
    expect(again).toMatchObject({ status: "succeeded", created: 0, updated: 0, unchanged: 3 });
  });

  it("round-trips an export: re-importing it changes nothing, into an empty catalogue it loses nothing", async () => {
    for (const format of ["json", "csv"] as const) {
      const exported = await exportCatalogue(database.db, format);
      const same = await importCatalogue(
        database.db,
        ACTOR,
        { name: `all.${format}`, format, text: exported.text },
        { dryRun: true },
      );
      expect(same).toMatchObject({
        status: "succeeded",
        created: 0,
        updated: 0,
        unchanged: exported.count,
      });

      const empty = await openTestDatabase();
      try {
        const copy = await importCatalogue(
          empty.db,
          ACTOR,
          { name: `all.${format}`, format, text: exported.text },
          { dryRun: false },
        );
        expect(copy).toMatchObject({ status: "succeeded", created: exported.count });
        // Likes belong to people's accounts, so a new catalogue counts its own; all else is kept.
        const reExported = await exportCatalogue(empty.db, format);
        expect(withoutLikes(reExported.text, format)).toEqual(withoutLikes(exported.text, format));
      } finally {
        await empty.close();
      }
    }
  });

  it("writes no cell a spreadsheet would run as a formula, and an import gets every value back exactly", async () => {
    const names = ["-5% off", "@mention", "=SUM(1)", "+1 Growth", "'90s vibes", "'=Quoted"];
    for (const name of names) {
      await createTool(
        database.db,
        ACTOR,
        toolInput({ name, cardDescription: `=HYPERLINK("https://evil.example","${name}")` }),
      );
    }
    const exported = await exportCatalogue(database.db, "csv");
    const cells = (parseCsv(exported.text) as string[][]).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    for (const cell of [
      "'-5% off",
      "'@mention",
      "'=SUM(1)",
      "'+1 Growth",
      "''90s vibes",
      "''=Quoted",
    ]) {
      expect(cells).toContain(cell);
    }

    const same = await importCatalogue(
      database.db,
      ACTOR,
      { name: "all.csv", format: "csv", text: exported.text },
      { dryRun: true },
    );
    expect(same).toMatchObject({ status: "succeeded", updated: 0, unchanged: exported.count });
    const empty = await openTestDatabase();
    try {
      await importCatalogue(
        empty.db,
        ACTOR,
        { name: "all.csv", format: "csv", text: exported.text },
        { dryRun: false },
      );
      const copied = await empty.db
        .select({ name: tools.name, cardDescription: tools.cardDescription })
        .from(tools)
        .where(inArray(tools.name, names));
      expect(copied.map((tool) => tool.name).sort()).toEqual([...names].sort());
      for (const tool of copied) {
        expect(tool.cardDescription).toBe(`=HYPERLINK("https://evil.example","${tool.name}")`);
      }
    } finally {
      await empty.close();
    }
  });
});

const solidPng = (background: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background } })
    .png()
    .toBuffer();

describe("tool images", () => {
  let mediaDir: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "media-"));
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it("stores an upload as WebP in the three sizes with the size suffix, once per content", async () => {
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#3366aa" },
    })
      .png()
      .toBuffer();
    const stored = await storeToolImage(mediaDir, png);
    expect(stored).toMatch(/^uploads\/[0-9a-f]{24}\.webp$/);
    const stem = stored.replace(/\.webp$/, "");
    for (const [suffix, width, height] of [
      ["_300x300", 300, 300],
      ["_600x450", 600, 450],
      ["_1200x900", 1200, 900],
      ["", 1200, 900],
    ] as const) {
      const meta = await sharp(path.join(mediaDir, `${stem}${suffix}.webp`)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, height]);
    }
    expect(await storeToolImage(mediaDir, png)).toBe(stored);
  });

  it("stores one file uploaded several times at once, whole", async () => {
    const png = await sharp({
      create: { width: 500, height: 500, channels: 3, background: "#118844" },
    })
      .png()
      .toBuffer();
    const paths = await Promise.all(Array.from({ length: 4 }, () => storeToolImage(mediaDir, png)));
    expect(new Set(paths).size).toBe(1);
    const stem = paths[0]!.replace(/\.webp$/, "");
    const files = await readdir(path.join(mediaDir, "uploads"));
    for (const suffix of ["", "_300x300", "_600x450", "_1200x900"]) {
      expect(files).toContain(`${path.basename(stem)}${suffix}.webp`);
    }
    expect(files.filter((file) => file.endsWith(".part"))).toEqual([]);
  });

  it("sweeps uploads nobody saved once they are an hour old, and keeps used ones", async () => {
    const abandoned = await storeToolImage(mediaDir, await solidPng("#551199"));
    const kept = await storeToolImage(mediaDir, await solidPng("#995511"));
    await createTool(database.db, ACTOR, toolInput({ name: "Sweep Keeper", image: kept }));
    expect(await sweepUnusedUploads(database.db, mediaDir)).toBe(0);
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [abandoned, kept])
      await utimes(path.join(mediaDir, file), twoHoursAgo, twoHoursAgo);
    expect(await sweepUnusedUploads(database.db, mediaDir)).toBe(1);
    const files = await readdir(path.join(mediaDir, "uploads"));
    expect(files.some((file) => file.startsWith(path.basename(abandoned, ".webp")))).toBe(false);
    expect(files).toContain(path.basename(kept));
  });

  it("leaves no file behind when the disk fills mid-upload, and asks to try again", async () => {
    const png = await solidPng("#224466");
    const uploads = path.join(mediaDir, "uploads");
    const before = await readdir(uploads).catch(() => [] as string[]);
    let writes = 0;
    // The second size's write runs out of space after writing part of its file.
    const fullDisk = async (file: string, data: Buffer) => {
      writes++;
      if (writes === 2) {
        await writeFile(file, data.subarray(0, 100));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
          code: "ENOSPC",
        });
      }
      await writeFile(file, data);
    };
    const error = await storeToolImage(mediaDir, png, fullDisk).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "UNAVAILABLE",
      status: 503,
      message: "The image could not be saved. Please try again.",
    });
    expect(writes).toBe(2);
    expect((await readdir(uploads)).sort()).toEqual(before.sort());

    const stored = await storeToolImage(mediaDir, png);
    const files = await readdir(uploads);
    for (const suffix of ["", "_300x300", "_600x450", "_1200x900"]) {
      expect(files).toContain(`${path.basename(stored, ".webp")}${suffix}.webp`);
    }
  });

  it("sweeps what an upload stopped half-way leaves once it is an hour old", async () => {
    const uploads = path.join(mediaDir, "uploads");
    await mkdir(uploads, { recursive: true });
    const stem = "0123456789abcdef01234567";
    const leftovers = [
      `${stem}_600x450.webp.0a1b2c3d4e5f.part`,
      `${stem}.webp.0a1b2c3d4e5f.part`,
      `${stem}_300x300.webp`,
    ];
    const fresh = "fedcba9876543210fedcba98_300x300.webp.0a1b2c3d4e5f.part";
    for (const name of [...leftovers, fresh]) await writeFile(path.join(uploads, name), "x");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of leftovers) await utimes(path.join(uploads, name), twoHoursAgo, twoHoursAgo);

    expect(await sweepUnusedUploads(database.db, mediaDir)).toBe(leftovers.length);
    const files = await readdir(uploads);
    for (const name of leftovers) expect(files).not.toContain(name);
    expect(files).toContain(fresh);
  });

  it("refuses files that are not JPEG, PNG or WebP, whatever they are called", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    for (const bytes of [
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      Buffer.from("not an image"),
      gif,
    ]) {
      await expect(storeToolImage(mediaDir, bytes)).rejects.toMatchObject({
        message: "Upload a JPEG, PNG or WebP image.",
      });
    }
    await expect(storeToolImage(mediaDir, Buffer.alloc(9 * 1024 * 1024))).rejects.toMatchObject({
      message: "Images can be at most 8 MB.",
    });
  });

  it("removes a replaced or deleted tool's upload once no tool uses it", async () => {
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#aa3366" },
    })
      .jpeg()
      .toBuffer();
    const image = await storeToolImage(mediaDir, jpeg);
    const a = await createTool(database.db, ACTOR, toolInput({ name: "Image A", image }));
    await createTool(database.db, ACTOR, toolInput({ name: "Image B", mainImage: image }));
    const replaced = await updateTool(database.db, ACTOR, a.id, toolInput({ name: "Image A" }));
    expect(replaced.replacedImages).toEqual([image]);
    expect(await removeUnusedImages(database.db, mediaDir, replaced.replacedImages, 0)).toBe(0);
    const b = await database.db.query.tools.findFirst({ where: eq(tools.name, "Image B") });
    const { images } = await deleteTools(database.db, ACTOR, [b!.id]);
    // Just uploaded: an admin may be about to use it, so it waits for the sweep.
    expect(await removeUnusedImages(database.db, mediaDir, images)).toBe(0);
    expect(await removeUnusedImages(database.db, mediaDir, images, 0)).toBe(1);
    expect(await readdir(path.join(mediaDir, "uploads"))).not.toContain(path.basename(image));
    expect(await removeUnusedImages(database.db, mediaDir, ["demo/demo-0001.webp"], 0)).toBe(0);
  });

  it("after deleting or editing tools, removes the images they left unused; a failed removal only logs", async () => {
    const logger = { error: vi.fn() } as unknown as Logger;
    const jpeg = await sharp({
      create: { width: 400, height: 400, channels: 3, background: "#33aa66" },
    })
      .jpeg()
      .toBuffer();
    const image = await storeToolImage(mediaDir, jpeg);
    const tool = await createTool(database.db, ACTOR, toolInput({ name: "Cleanup A", image }));
    // Past the grace time that spares fresh uploads.
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(mediaDir, image), hoursAgo, hoursAgo);
    const deps = { db: database.db, mediaDir, logger };
    expect(await deleteToolsAndImages(deps, ACTOR, [tool.id])).toBe(1);
    expect(await readdir(path.join(mediaDir, "uploads"))).not.toContain(path.basename(image));
    expect(logger.error).not.toHaveBeenCalled();

    const kept = await storeToolImage(mediaDir, jpeg);
    const edited = await createTool(
      database.db,
      ACTOR,
      toolInput({ name: "Cleanup B", image: kept }),
    );
    // A media folder that cannot be written: the edit still saves, and the failure is logged.
    const broken = { ...deps, mediaDir: path.join(mediaDir, "uploads", path.basename(kept)) };
    const saved = await updateToolAndImages(
      broken,
      ACTOR,
      edited.id,
      toolInput({ name: "Cleanup C" }),
    );
    expect(saved.replacedImages).toEqual([kept]);
    expect(
      (await database.db.query.tools.findFirst({ where: eq(tools.id, edited.id) }))?.name,
    ).toBe("Cleanup C");
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ images: [kept] }),
      "removing unused images failed",
    );
  });
});
