// A figure of the chosen range against the range before it.

export type Change =
  | { kind: "same" }
  /** The previous range had none: no percentage exists. */
  | { kind: "new" }
  | { kind: "up" | "down"; percent: number };

export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: "same" };
  if (previous === 0) return { kind: "new" };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { kind: current > previous ? "up" : "down", percent };
}

/** The change in words, e.g. "up 12%", "down 100%", "up from none". */
export function describeChange(change: Change): string {
  switch (change.kind) {
    case "same":
      return "no change";
    case "new":
      return "up from none";
    default:
      // A real change too small to round to 1% still reads as one.
      return change.percent === 0
        ? `${change.kind} under 1%`
        : `${change.kind} ${change.percent.toLocaleString("en-US")}%`;
  }
}
