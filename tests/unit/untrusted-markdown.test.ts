import { describe, expect, it } from "vitest";
import { renderCommentMarkdown } from "#server/services/comments/comment-html.server";
import { lexUntrustedMarkdown } from "#server/services/markdown/lex-markdown.server";
import { renderMarkdown } from "#server/services/tools/render-markdown.server";

// `*a_` repeated costs marked's lexer time that grows with the square of the text (a
// 4,998-character comment held the event loop for 381 ms). Untrusted Markdown is lexed on a worker
// with a time limit; these tests check what the caller sees, the fuzz suite measures the loop.

/** An imported comment may hold 100,000 characters: at this size the lexer needs many seconds. */
const SLOW = "*a_".repeat(33_000);

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

describe("Markdown too slow to lex", () => {
  it("is shown as escaped plain text, and the event loop turns meanwhile", async () => {
    let html = "";
    const turns = await turnsDuring(async () => {
      html = await renderCommentMarkdown(`${SLOW}\n\n<b>second</b>`);
    });
    expect(html).toBe(`<p>${SLOW}</p>\n<p>&lt;b&gt;second&lt;/b&gt;</p>`);
    expect(turns).toBeGreaterThan(10);
  });

  it("gives the lexer up after its time limit, and the next text is lexed by a fresh worker", async () => {
    expect(await lexUntrustedMarkdown(SLOW, { gfm: true }, 50)).toBeNull();
    const tokens = await lexUntrustedMarkdown("**bold**", { gfm: true });
    expect(tokens?.[0]).toMatchObject({ type: "paragraph", text: "**bold**" });
    expect(await renderCommentMarkdown("**bold**")).toBe("<p><strong>bold</strong></p>");
  });

  it("lexes texts one at a time, each with its own limit, in the order asked", async () => {
    const answers = await Promise.all([
      lexUntrustedMarkdown(SLOW, { gfm: true }, 50),
      lexUntrustedMarkdown("_one_", { gfm: true }),
      lexUntrustedMarkdown("[two](https://two.example)", { gfm: true }),
    ]);
    expect(answers[0]).toBeNull();
    expect(answers[1]?.[0]).toMatchObject({ text: "_one_" });
    expect(answers[2]?.[0]).toMatchObject({ text: "[two](https://two.example)" });
  });

  it("keeps reference links, which travel beside the tokens", async () => {
    expect(await renderCommentMarkdown("[site][s]\n\n[s]: https://s.example")).toBe(
      '<p><a href="https://s.example/" rel="nofollow ugc noopener">site</a></p>',
    );
  });

  it("shows a tool description as plain paragraphs and warns once", async () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const source = `${SLOW.slice(0, 60_000)}\n\nEnd`;
    const html = await renderMarkdown(source, logger);
    expect(html).toBe(`<p>${SLOW.slice(0, 60_000)}</p>\n<p>End</p>\n`);
    await renderMarkdown(source, logger);
    expect(warnings).toHaveLength(1);
  });
});
