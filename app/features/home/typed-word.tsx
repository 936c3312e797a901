import { useEffect, useState } from "react";
import { useReducedMotion } from "~/components/use-reduced-motion";
import { initialTyping, nextTyping, typedText, typingDelay } from "./typing-cycle";

interface TypedWordProps {
  words: readonly string[];
}

/**
 * Home: the tagline's last word types itself, holds, deletes and moves to the next one.
 * Screen readers get the words once; with reduced motion the first word simply stays.
 */
export function TypedWord({ words }: TypedWordProps) {
  const [state, setState] = useState(() => initialTyping(words));
  const isReduced = useReducedMotion();

  useEffect(() => {
    if (isReduced || words.length === 0) return;
    const timer = setTimeout(() => setState(nextTyping(state, words)), typingDelay(state));
    return () => clearTimeout(timer);
  }, [state, words, isReduced]);

  const longest = Math.max(...words.map((word) => word.length));
  return (
    <>
      <span className="sr-only">{words.join(", ")}</span>
      <span
        aria-hidden="true"
        className="inline-block text-left font-semibold text-white"
        style={{ minWidth: `${longest}ch` }}
      >
        {isReduced ? words[0] : typedText(state, words)}
        <span className="typing-caret ml-0.5 inline-block w-0.5 self-stretch bg-white/80">
          &#8203;
        </span>
      </span>
    </>
  );
}
