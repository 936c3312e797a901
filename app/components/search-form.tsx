import { useState } from "react";
import { Form } from "react-router";
import { DEFAULT_SEARCH_PLACEHOLDER, MAX_SEARCH_TEXT_LENGTH } from "~/lib/constants";
import { BROWSE_PATH } from "~/lib/paths";

interface SearchFormProps {
  defaultValue?: string;
  /** Other browse filters to keep when searching. */
  hidden?: Record<string, string>;
}

/**
 * A GET form to /ai-tools?search=… that works before and without JavaScript. spec 2 and 5: the
 * Search button shows only when there is text, and blank text is not submitted.
 */
export function SearchForm({ defaultValue = "", hidden = {} }: SearchFormProps) {
  const [text, setText] = useState(defaultValue);
  return (
    <Form
      method="get"
      action={BROWSE_PATH}
      role="search"
      className="flex w-full gap-2"
      onSubmit={(event) => {
        if (text.trim() === "") event.preventDefault();
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="site-search" className="sr-only">
        Search AI tools
      </label>
      <input
        id="site-search"
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={MAX_SEARCH_TEXT_LENGTH}
        placeholder={DEFAULT_SEARCH_PLACEHOLDER}
        className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-white px-4 py-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {text !== "" && (
        <button
          type="submit"
          className="rounded-xl bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Search
        </button>
      )}
    </Form>
  );
}
