import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useNavigationType } from "react-router";
import { SearchButton } from "~/components/search-form";
import {
  DEFAULT_SEARCH_PLACEHOLDER,
  isUsableSearch,
  MAX_SEARCH_TEXT_LENGTH,
  SEARCH_DEBOUNCE_MS,
} from "~/lib/constants";
import { debounce } from "~/client/debounce";
import { relaxedSearchNote } from "~/lib/messages";
import { plural } from "~/lib/tool";
import { browseTarget, type BrowseFilters } from "./browse-href";
import { DidYouMean, type SuggestedSearch } from "./did-you-mean";
import { useSubcategoryPages } from "./subcategory-pages";

/** Navigation state that marks a listing the search box asked for. */
export const SEARCH_BOX_STATE = { fromSearchBox: true } as const;

function isSearchBoxState(state: unknown): boolean {
  return (state as typeof SEARCH_BOX_STATE | null)?.fromSearchBox === true;
}

interface BrowseSearchProps {
  filters: BrowseFilters;
  /** The search the results below were found for. */
  total: number;
  shown: number;
  elapsedMs: number;
  isLoading: boolean;
  /** The words the results match when the search was relaxed. */
  relaxedSearch: string | null;
  suggestion: SuggestedSearch | null;
  /** `replace`: the search refines one already in the history (typing on), not a new entry. */
  onSearch: (text: string, options: { replace: boolean }) => void;
}

/**
 * The browse page's search box. Typing searches after 300 ms of quiet; Enter
 * searches at once; Clear empties it. Shows "Searching..." until results arrive, then the results
 * line, with what the search was relaxed to and a better spelling, heard with it.
 * Without JavaScript it is a plain GET form.
 */
export function BrowseSearch({
  filters,
  total,
  shown,
  elapsedMs,
  isLoading,
  relaxedSearch,
  suggestion,
  onSearch,
}: BrowseSearchProps) {
  const [text, setText] = useState(filters.search);
  const [isWaiting, setIsWaiting] = useState(false);
  // A change of the URL's search from elsewhere (a chip, Reset, Back) replaces what the box
  // shows; the box's own searches, which may land after newer typing, never do.
  const location = useLocation();
  const isOwnSearch = useNavigationType() !== "POP" && isSearchBoxState(location.state);
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (filters.search !== urlSearch) {
    setUrlSearch(filters.search);
    if (!isOwnSearch) setText(filters.search);
  }

  const input = useRef<HTMLInputElement>(null);
  const latest = useRef({ onSearch, urlSearch: filters.search });
  useEffect(() => {
    latest.current = { onSearch, urlSearch: filters.search };
  });
  const searchSoon = useRef<ReturnType<typeof debounce<[string]>>>(null);
  useEffect(() => () => searchSoon.current?.cancel(), []);
  // Typing makes one history entry, whatever the pauses: Back returns to the list before it.
  const hasTypingEntry = useRef(false);
  useEffect(() => {
    if (!isOwnSearch) hasTypingEntry.current = false;
  }, [filters.search, isOwnSearch]);

  const ask = (value: string, isTyping: boolean) => {
    setIsWaiting(false);
    // A query shorter than two characters is not searched; all tools show again.
    const query = isUsableSearch(value) ? value.trim() : "";
    if (query === latest.current.urlSearch) return;
    latest.current.onSearch(query, { replace: isTyping && hasTypingEntry.current });
    hasTypingEntry.current = isTyping;
  };
  const typed = (value: string) => {
    setText(value);
    setIsWaiting(true);
    searchSoon.current ??= debounce((typedValue: string) => {
      // The box was changed from outside meanwhile (Reset, a chip, Back): that change wins.
      if (input.current?.value === typedValue) ask(typedValue, true);
      else setIsWaiting(false);
    }, SEARCH_DEBOUNCE_MS);
    searchSoon.current(value);
  };
  const searchNow = (value: string) => {
    searchSoon.current?.cancel();
    ask(value, false);
  };

  const trimmed = text.trim();
  const isSearching = isUsableSearch(filters.search);
  // Without JavaScript the form keeps the other filters; a search orders by Relevance.
  const target = browseTarget({ ...filters, search: "", sort: undefined }, useSubcategoryPages());

  return (
    <div>
      <Form
        method="get"
        action={target.path}
        role="search"
        className="flex w-full gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed !== "") searchNow(text);
        }}
      >
        {[...target.params].map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="browse-search" className="sr-only">
          Search AI tools
        </label>
        <div className="relative min-w-0 flex-1">
          <input
            ref={input}
            id="browse-search"
            type="search"
            name="search"
            value={text}
            maxLength={MAX_SEARCH_TEXT_LENGTH}
            placeholder={DEFAULT_SEARCH_PLACEHOLDER}
            autoComplete="off"
            onChange={(event) => typed(event.target.value)}
            className="w-full rounded-xl border border-slate-300 bg-white py-3 pr-20 pl-4 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {text !== "" && (
            <button
              type="button"
              onClick={() => {
                setText("");
                searchNow("");
                input.current?.focus();
              }}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              Clear
            </button>
          )}
        </div>
        <SearchButton text={text} />
      </Form>
      <p
        className="mt-3 min-h-6 text-sm [overflow-wrap:anywhere] text-slate-600"
        aria-live="polite"
      >
        {isWaiting || isLoading ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3.5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
            />
            Searching...
          </span>
        ) : trimmed.length > 0 && !isUsableSearch(trimmed) ? (
          "Type at least 2 characters to search."
        ) : isSearching ? (
          <>
            {`${plural(total, "result")} for "${filters.search}" (${elapsedMs} ms)`}
            {relaxedSearch !== null && (
              <span className="block font-medium text-slate-800">
                {relaxedSearchNote(relaxedSearch)}
              </span>
            )}
            {suggestion && <DidYouMean suggestion={suggestion} />}
          </>
        ) : (
          `Showing ${shown.toLocaleString("en-US")} of ${plural(total, "tool")}`
        )}
      </p>
    </div>
  );
}
