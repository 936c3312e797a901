import { TYPING_DELETE_MS, TYPING_HOLD_MS, TYPING_TYPE_MS } from "~/lib/constants";

// The home page's typed word. Each word is typed one character per 150 ms, held
// for 10 s, deleted one character per 50 ms, and the next word follows.

export interface TypingState {
  word: number;
  /** How many characters of the word show. */
  length: number;
  phase: "typing" | "holding" | "deleting";
}

/** The first word in full, as the server renders it; the cycle goes on from there. */
export function initialTyping(words: readonly string[]): TypingState {
  return { word: 0, length: words[0]?.length ?? 0, phase: "holding" };
}

/** How long the state shows before the next step. */
export function typingDelay(state: TypingState): number {
  if (state.phase === "holding") return TYPING_HOLD_MS;
  return state.phase === "typing" ? TYPING_TYPE_MS : TYPING_DELETE_MS;
}

export function nextTyping(state: TypingState, words: readonly string[]): TypingState {
  const word = words[state.word] ?? "";
  switch (state.phase) {
    case "typing":
      return state.length + 1 >= word.length
        ? { ...state, length: word.length, phase: "holding" }
        : { ...state, length: state.length + 1 };
    case "holding":
      return { ...state, phase: "deleting" };
    case "deleting":
      return state.length <= 1
        ? { word: (state.word + 1) % words.length, length: 0, phase: "typing" }
        : { ...state, length: state.length - 1 };
  }
}

/** The text that shows in a state. */
export function typedText(state: TypingState, words: readonly string[]): string {
  return (words[state.word] ?? "").slice(0, state.length);
}
