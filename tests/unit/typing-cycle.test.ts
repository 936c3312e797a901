import { describe, expect, it } from "vitest";
import { TYPING_WORDS } from "~/lib/constants";
import {
  initialTyping,
  nextTyping,
  typedText,
  typingDelay,
  type TypingState,
} from "~/features/home/typing-cycle";

/** Runs the cycle for `ms` milliseconds and returns the text at the end. */
function textAfter(ms: number, words: readonly string[] = TYPING_WORDS) {
  let state: TypingState = initialTyping(words);
  let elapsed = typingDelay(state);
  while (elapsed <= ms) {
    state = nextTyping(state, words);
    elapsed += typingDelay(state);
  }
  return typedText(state, words);
}

// Durations as literals, so a changed constant fails here.
const HOLD_MS = 10_000;
const TYPE_MS = 150;
const DELETE_MS = 50;

describe("the typed tagline (type 150 ms, hold 10 s, delete 50 ms)", () => {
  it("cycles Business, Personal Life, Work", () => {
    expect(TYPING_WORDS).toEqual(["Business", "Personal Life", "Work"]);
  });

  it("starts with the first word in full and holds it for 10 s", () => {
    expect(textAfter(0)).toBe("Business");
    expect(textAfter(HOLD_MS - 1)).toBe("Business");
  });

  it("deletes one character per 50 ms, then types the next word at 150 ms a character", () => {
    expect(textAfter(HOLD_MS)).toBe("Business");
    expect(textAfter(HOLD_MS + DELETE_MS)).toBe("Busines");
    const deleted = HOLD_MS + "Business".length * DELETE_MS;
    expect(textAfter(deleted - 1)).toBe("B");
    expect(textAfter(deleted)).toBe("");
    expect(textAfter(deleted + TYPE_MS)).toBe("P");
    expect(textAfter(deleted + "Personal Life".length * TYPE_MS)).toBe("Personal Life");
  });

  it("comes back to the first word after the last", () => {
    const words = ["Ab", "C"];
    let state = initialTyping(words);
    const seen = new Set<string>();
    for (let step = 0; step < 20; step++) {
      state = nextTyping(state, words);
      if (state.phase === "holding") seen.add(typedText(state, words));
    }
    expect([...seen].sort()).toEqual(["Ab", "C"]);
  });
});
