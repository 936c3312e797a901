import { describe, expect, it } from "vitest";
import { changeOf, describeChange } from "~/features/admin/analytics/change";
import { csvCell, toCsv } from "~/features/admin/analytics/csv";
import { lastDays, lengthOf, rangeHref } from "~/features/admin/analytics/range";
import { readRange } from "~/features/admin/analytics/read-range";
import { previousRangeOf } from "~/lib/utc-days";
import { addDays } from "~/lib/utc-days";

const TODAY = "2026-03-01";
const read = (query: string) => readRange(new URLSearchParams(query), TODAY);

describe("the dashboard's CSV", () => {
  it("writes a header row and CRLF lines", () => {
    expect(
      toCsv(
        ["day", "visitors"],
        [
          ["2026-01-01", 3],
          ["2026-01-02", 0],
        ],
      ),
    ).toBe("day,visitors\r\n2026-01-01,3\r\n2026-01-02,0\r\n");
  });

  it("quotes cells holding commas, quotes or line breaks, doubling the quotes", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("leaves a missing value empty", () => {
    expect(toCsv(["a", "b"], [[null, 1]])).toBe("a,b\r\n,1\r\n");
  });

  it.each(["=HYPERLINK(1)", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])(
    "puts an apostrophe before a text that a spreadsheet would run as a formula: %j",
    (text) => {
      expect(csvCell(text).replace(/^"/, "")).toMatch(/^'/);
    },
  );

  it("guards a formula that also needs quoting", () => {
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
  });

  it("writes negative numbers as numbers, not as guarded text", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell("a=b")).toBe("a=b");
  });
});

describe("the dashboard's range", () => {
  it("defaults to the last 28 days ending today", () => {
    expect(read("")).toEqual({
      ok: true,
      input: { from: "2026-02-02", to: TODAY },
      range: { from: "2026-02-02", to: TODAY },
    });
  });

  it.each([
    [7, "2026-02-23"],
    [28, "2026-02-02"],
    [90, "2025-12-02"],
  ])("the last %i days preset starts on %s and has that many days", (days, from) => {
    const range = lastDays(TODAY, days);
    expect(range).toEqual({ from, to: TODAY });
    expect(lengthOf(range)).toBe(days);
  });

  it("compares with as many days ending the day before the range starts", () => {
    expect(previousRangeOf({ from: "2026-02-23", to: "2026-03-01" })).toEqual({
      from: "2026-02-16",
      to: "2026-02-22",
    });
    expect(previousRangeOf({ from: "2026-03-01", to: "2026-03-01" })).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
    });
    // Across a leap day and a year boundary.
    expect(previousRangeOf({ from: "2024-03-01", to: "2024-03-02" })).toEqual({
      from: "2024-02-28",
      to: "2024-02-29",
    });
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
  });

  it("reads a custom range from the address, both ends included", () => {
    expect(read("from=2026-01-05&to=2026-01-05")).toMatchObject({
      ok: true,
      range: { from: "2026-01-05", to: "2026-01-05" },
    });
    expect(rangeHref({ from: "2026-01-05", to: "2026-01-06" })).toBe(
      "/admin/analytics?from=2026-01-05&to=2026-01-06",
    );
  });

  it("fills only the end that is missing", () => {
    expect(read("to=2026-01-28")).toMatchObject({
      range: { from: "2026-01-01", to: "2026-01-28" },
    });
    expect(read("from=2026-02-20")).toMatchObject({ range: { from: "2026-02-20", to: TODAY } });
  });

  it("refuses a malformed date, keeping what was typed", () => {
    const reading = read("from=2026-02-30&to=yesterday");
    expect(reading.ok).toBe(false);
    expect(reading.input).toEqual({ from: "2026-02-30", to: "yesterday" });
    if (reading.ok) return;
    expect(reading.problems.from).toMatch(/date such as/);
    expect(reading.problems.to).toMatch(/date such as/);
  });

  it("blames only the end at fault, not the range's order or length", () => {
    // "+" in an address is a space: the start reads "02025-01-01".
    const badStart = read("from=+02025-01-01&to=2025-01-02");
    expect(badStart).toMatchObject({ ok: false, input: { from: "02025-01-01" } });
    if (badStart.ok) return;
    expect(badStart.problems).toEqual({ from: expect.stringMatching(/date such as/) });

    // A date out of bounds is the end at fault too, not the other one for the length.
    const earlyStart = read("from=1999-12-01&to=2000-12-05");
    expect(earlyStart.ok).toBe(false);
    if (earlyStart.ok) return;
    expect(earlyStart.problems).toEqual({ from: expect.stringMatching(/2000/) });

    const badEnd = read("from=2025-02-10&to=2025-0201");
    expect(badEnd.ok).toBe(false);
    if (badEnd.ok) return;
    expect(badEnd.problems.from).toBeUndefined();
    expect(badEnd.problems.to).toMatch(/date such as/);
  });

  it("refuses a start after the end", () => {
    const reading = read("from=2026-02-10&to=2026-02-01");
    expect(reading).toMatchObject({
      ok: false,
      problems: { from: expect.stringMatching(/after/) },
    });
  });

  it("refuses more than 366 days and accepts exactly 366", () => {
    expect(read("from=2025-01-01&to=2026-01-02")).toMatchObject({
      ok: false,
      problems: { to: expect.stringMatching(/366/) },
    });
    expect(read("from=2025-01-01&to=2026-01-01").ok).toBe(true);
  });
});

describe("a figure's change against the previous range", () => {
  it("is a rounded percentage up or down", () => {
    expect(changeOf(150, 100)).toEqual({ kind: "up", percent: 50 });
    expect(changeOf(1, 3)).toEqual({ kind: "down", percent: 67 });
    expect(describeChange(changeOf(0, 40))).toBe("down 100%");
    expect(describeChange(changeOf(2_500, 100))).toBe("up 2,400%");
  });

  it("has no percentage when the previous range had none", () => {
    expect(changeOf(5, 0)).toEqual({ kind: "new" });
    expect(describeChange(changeOf(5, 0))).toBe("up from none");
  });

  it("is no change when both are equal, zero included", () => {
    expect(describeChange(changeOf(0, 0))).toBe("no change");
    expect(describeChange(changeOf(7, 7))).toBe("no change");
  });

  it("says a tiny real change is under 1% rather than 0%", () => {
    expect(describeChange(changeOf(1_001, 1_000))).toBe("up under 1%");
  });
});
