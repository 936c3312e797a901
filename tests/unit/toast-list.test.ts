import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastList, type Toast } from "~/components/toast";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watchedList() {
  let shown: Toast[] = [];
  const list = createToastList((toasts) => (shown = toasts));
  return { list, messages: () => shown.map((toast) => toast.message) };
}

describe("the toast list", () => {
  it("keeps a 2 s toast for exactly 2 s and a 3 s toast for exactly 3 s", () => {
    const { list, messages } = watchedList();
    list.show({ message: "Added to favorites!", durationMs: 2000 });
    list.show({ message: "Failed to update like status", durationMs: 3000 });
    vi.advanceTimersByTime(1999);
    expect(messages()).toEqual(["Added to favorites!", "Failed to update like status"]);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual(["Failed to update like status"]);
    vi.advanceTimersByTime(999);
    expect(messages()).toEqual(["Failed to update like status"]);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it("shows at most 20 toasts, dropping the oldest", () => {
    const { list, messages } = watchedList();
    for (let n = 1; n <= 25; n++) list.show({ message: `toast ${n}`, durationMs: 2000 });
    expect(messages()).toHaveLength(20);
    expect(messages()[0]).toBe("toast 6");
    expect(messages().at(-1)).toBe("toast 25");
    vi.advanceTimersByTime(2000);
    expect(messages()).toEqual([]);
  });

  it("removes nothing once stopped", () => {
    const { list, messages } = watchedList();
    list.show({ message: "stays", durationMs: 2000 });
    list.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(messages()).toEqual(["stays"]);
  });
});
