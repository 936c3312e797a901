import { describe, expect, it } from "vitest";
import {
  SANITIZE_ON_LOOP_CHARS,
  sanitizeCommentHtml,
  sanitizeLongCommentHtml,
} from "#server/services/comments/comment-html.server";

// An imported message may hold 100,000 characters of HTML, which sanitize-html takes
// about 200 ms over. Past SANITIZE_ON_LOOP_CHARS it is sanitised on a worker.

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

describe("sanitising long imported HTML", () => {
  it("gives what the sanitiser gives, short or long", async () => {
    const short = '<p>Hi <script>x</script><a href="javascript:x">there</a></p>';
    expect(await sanitizeLongCommentHtml(short)).toBe(sanitizeCommentHtml(short));
    const long = `<p>${"<b>bold</b> <img src=x onerror=alert(1)> ".repeat(400)}</p>`;
    expect(long.length).toBeGreaterThan(SANITIZE_ON_LOOP_CHARS);
    expect(await sanitizeLongCommentHtml(long)).toBe(sanitizeCommentHtml(long));
  });

  it("leaves the event loop free while it works on 100,000 characters", async () => {
    const hostile = "<b>".repeat(33_000);
    let html: string | null = "";
    const turns = await turnsDuring(async () => {
      html = await sanitizeLongCommentHtml(hostile);
    });
    expect(turns).toBeGreaterThan(5);
    expect(html).toBe(sanitizeCommentHtml(hostile));
  });
});
