import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir } from "#server/db/lock.server";
import { startFixtureSites, type FixtureSites } from "../support/fixture-sites";

// `npm run catalogue -- draft <url> [--json]` as an operator runs it: a child process on a fresh
// PGlite DATA_DIR, drafting from the loopback fixture sites.

const cli = fileURLToPath(new URL("../../cli/catalogue.ts", import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], dataDir: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: dataDir,
    FETCH_ALLOW_PRIVATE: "true",
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", cli, ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe("catalogue draft", () => {
  let sites: FixtureSites;
  let dataDir: string;

  beforeAll(async () => {
    sites = await startFixtureSites();
    dataDir = await mkdtemp(path.join(tmpdir(), "draft-cli-"));
  });
  afterAll(async () => {
    await sites.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("prints each drafted field with its source and evidence, and the image address unstored", async () => {
    const run = await runCli(["draft", sites.url("/jsonld")], dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('name: Brieflow\n  source: JSON-LD; evidence: "Brieflow"');
    expect(run.stdout).toMatch(/websiteUrl: .*\/jsonld\n {2}source: Address/);
    expect(run.stdout).toContain(`Main image (not stored by the CLI): ${sites.url("/og.png")}`);
    expect(run.stderr.match(/^fetching\.\.\.$/gm)).toHaveLength(1);
    expect(await readdir(path.join(dataDir, "media")).catch(() => [])).toEqual([]);
  }, 60_000);

  it("names a failure in words with exit code 1, and answers JSON with --json", async () => {
    const failed = await runCli(["draft", sites.url("/challenge")], dataDir);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("Failed (bot_challenge): The site showed a bot check");

    const json = await runCli(["draft", sites.url("/meta-only"), "--json"], dataDir);
    expect(json.code).toBe(0);
    const answer = JSON.parse(json.stdout) as {
      ok: boolean;
      draft: Record<string, { source: string }>;
    };
    expect(answer.ok).toBe(true);
    expect(answer.draft.name?.source).toBe("meta");
  }, 60_000);

  it("prints the buyer facts and plans under draft.facts and draft.plans with --json", async () => {
    const json = await runCli(["draft", sites.url("/vendor"), "--json"], dataDir);
    expect(json.code).toBe(0);
    const answer = JSON.parse(json.stdout) as {
      draft: {
        facts?: Record<
          string,
          { value: unknown; source: string; quote: string; evidenceUrl: string }
        >;
        plans?: { name: string; price: number; period: string; unit: string; quote: string }[];
      };
    };
    expect(answer.draft.facts?.sso).toMatchObject({
      value: "yes",
      source: "ai",
      evidenceUrl: sites.url("/vendor/security"),
    });
    expect(answer.draft.facts?.soc2?.value).toBe("type2");
    expect(answer.draft.facts?.hipaa).toBeUndefined();
    expect(answer.draft.plans).toMatchObject([
      { name: "Free", price: 0 },
      {
        name: "Pro",
        price: 19,
        period: "month",
        unit: "per-user",
        quote: "Pro $19 per user / month",
      },
      { name: "Business", price: 490, period: "year", unit: "flat" },
    ]);

    const text = await runCli(["draft", sites.url("/vendor")], dataDir);
    expect(text.stdout).toContain("fact soc2: Type II");
    expect(text.stdout).toContain("plan Pro: $19 per user/month (Billed annually)");
    expect(text.stdout).toMatch(/Skipped the privacy page .*\/vendor\/privacy: /);
  }, 60_000);

  it("drafts without the taxonomy and the duplicate check while a server holds the database", async () => {
    const release = await lockDataDir(dataDir);
    try {
      const run = await runCli(["draft", sites.url("/jsonld")], dataDir);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("The database is in use by a running server");
      expect(run.stdout).toContain("name: Brieflow");
    } finally {
      await release();
    }
  }, 60_000);
});
