import { describe, expect, it } from "vitest";
import {
  readFetchedPage,
  readFetchedPageOffThread,
} from "#server/services/ai-draft/read-fetched-page.server";
import type { FetchedPage } from "#server/net/guarded-fetch.server";

// The AI-add page reader: a fetched page is anyone's HTML. Reading it runs on a worker
// with a time limit; a page built to be slow to read is a named failure, not a frozen server.

function pageOf(html: string): FetchedPage {
  return {
    url: "https://slow.example/",
    finalUrl: "https://slow.example/",
    redirects: [],
    status: 200,
    headers: { "content-type": "text/html" },
    contentType: "text/html; charset=utf-8",
    body: Buffer.from(html),
  };
}

/** How many times a 5 ms timer fires while `work` runs: none when it holds the event loop. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  const timer = setInterval(() => turns++, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return turns;
}

describe("reading a fetched page off the event loop", () => {
  it("reads a real page as the reader does, wall checks included", async () => {
    const html = `<html lang="en"><head><title>Inkwell</title><meta name="description" content="Write better."></head><body><main><h1>Inkwell</h1><p>${"Inkwell helps you write. ".repeat(40)}</p><ul><li>Drafts</li><li>Edits</li></ul></main></body></html>`;
    expect(await readFetchedPageOffThread(pageOf(html))).toEqual(readFetchedPage(pageOf(html)));
    const wall = pageOf("<title>Just a moment...</title><p>Checking your browser</p>");
    expect((await readFetchedPageOffThread(wall)).failure).toMatchObject({ code: "bot_challenge" });
  });

  it.each([
    // The "needs JavaScript" check's expressions take the square of a page of unclosed tags.
    ["40,000 unclosed <div", `<script></script>${"<div ".repeat(40_000)}`],
    ["20,000 unclosed <noscript>", `<script></script>${"<noscript>".repeat(20_000)}`],
    // Each nested heading's text was read again for every heading around it.
    [
      "256 nested headings over 1 MB of text",
      `<main>${"<h2>".repeat(256)}${"word ".repeat(200_000)}</main>`,
    ],
  ])("gives up on %s as too_complex, and the event loop turns meanwhile", async (_name, html) => {
    let failure: unknown = null;
    const turns = await turnsDuring(() =>
      readFetchedPageOffThread(pageOf(html), 300).catch((error: unknown) => (failure = error)),
    );
    expect(failure).toMatchObject({ code: "too_complex" });
    expect(turns).toBeGreaterThan(10);
    // The next page gets a fresh worker.
    const next = await readFetchedPageOffThread(pageOf("<title>Next</title><p>Some text.</p>"));
    expect(next.facts.title).toBe("Next");
  });
});
