import { useEffect, useState } from "react";
import { Form } from "react-router";
import {
  DEFAULT_SEARCH_PLACEHOLDER,
  MAX_SEARCH_TEXT_LENGTH,
  PLACEHOLDER_ROTATION_MS,
} from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";

interface SearchFormProps {
  /** Shown in turn every 3 s when there are several; the default otherwise. */
  placeholders?: readonly string[];
  /** Called with the text when a search is submitted. */
  onSearch?: (text: string) => void;
}

/**
 * Search box: a GET form to /ai-tools?search=… that works before and without JavaScript.
 * The Search button shows only when there is text, and blank text is not submitted.
 */
export function SearchForm({ placeholders = [], onSearch }: SearchFormProps) {
  const [text, setText] = useState("");
  const [turn, setTurn] = useState(0);
  const [isFocused, setIsFocused] = useState(false);
  const shown = placeholders.length > 0 ? placeholders : [DEFAULT_SEARCH_PLACEHOLDER];

  // The hint holds still while someone is in the box.
  useEffect(() => {
    if (shown.length < 2 || isFocused) return;
    const timer = setInterval(() => setTurn((current) => current + 1), PLACEHOLDER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [shown.length, isFocused]);

  return (
    <Form
      method="get"
      action={BROWSE_PATH}
      role="search"
      className="flex w-full gap-2"
      onSubmit={(event) => {
        if (text.trim() === "") event.preventDefault();
        else onSearch?.(text.trim());
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search AI tools
      </label>
      <input
        id="site-search"
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onFocus={() => setIsFocused(true)}
        onBlur={() => setIsFocused(false)}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        placeholder={shown[turn % shown.length]}
        className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <SearchButton text={text} />
    </Form>
  );
}

/** The Search button, shown only while the box has text. */
export function SearchButton({ text }: { text: string }) {
  if (text === "") return null;
  return (
    <button
      type="submit"
      className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
    >
      Search
    </button>
  );
}
