import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatReaderDate, formatStableDate, LocalDate } from "~/components/local-date";

// One date format for the whole site: the reader's locale in the browser, a stable form on the
// server that every reader's hydration agrees with.

const instant = "2026-02-03T22:45:00.000Z";

describe("formatStableDate", () => {
  it("is the UTC day, or the UTC minute with withTime", () => {
    expect(formatStableDate(instant)).toBe("2026-02-03");
    expect(formatStableDate(instant, { withTime: true })).toBe("2026-02-03 22:45 UTC");
  });

  it("leaves a value that is not a date as it is", () => {
    expect(formatStableDate("soon")).toBe("soon");
  });
});

describe("formatReaderDate", () => {
  it("follows the locale with one style, medium", () => {
    expect(formatReaderDate("2026-02-03T12:00:00Z", {}, "en-US")).toBe("Feb 3, 2026");
    expect(formatReaderDate("2026-02-03T12:00:00Z", {}, "en-GB")).toBe("3 Feb 2026");
    expect(formatReaderDate("2026-02-03T12:00:00Z", {}, "de-DE")).toBe("03.02.2026");
  });

  it("reads a day (isDay) as that day west of UTC too, where its midnight is the day before", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
    try {
      // A locale no other test formats in, so its format is made in this zone.
      expect(formatReaderDate("2026-12-02", { isDay: true }, "en-IE")).toBe("2 Dec 2026");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("adds the time of day with withTime", () => {
    expect(formatReaderDate("2026-02-03T12:00:00Z", { withTime: true }, "de-DE")).toMatch(
      /^03\.02\.2026, \d{2}:00$/,
    );
  });
});

describe("<LocalDate> on the server", () => {
  it("renders the stable form in a <time> with the instant", () => {
    expect(renderToString(<LocalDate value={instant} />)).toBe(
      `<time dateTime="${instant}">2026-02-03</time>`,
    );
  });
});
