import { Link } from "react-router";
import { isUsableSearch } from "~/lib/constants";
import { NO_FILTER_RESULTS, noSearchResults } from "~/lib/messages";
import { BROWSE_PATH } from "~/lib/paths";
import { DidYouMean, type SuggestedSearch } from "./did-you-mean";

interface EmptyResultsProps {
  search: string;
  /** Forgets the saved browse state; the link itself goes to the defaults. */
  onReset: () => void;
  /** Matches of the same search in other categories, when there are some. */
  elsewhere: { count: number; href: string } | null;
  /** The search spelt with the catalogue's own words, when that finds tools. */
  suggestion: SuggestedSearch | null;
}

const SEARCH_TIPS = [
  "Check the spelling, or try a shorter word: “transcri” finds transcription tools.",
  "Try a more general word, such as “video” instead of a feature's name.",
  "Search for the task instead of a product name, such as “meeting notes”.",
  "Remove a category, subcategory or pricing filter.",
];

/** The empty states, with search tips. */
export function EmptyResults({ search, onReset, elsewhere, suggestion }: EmptyResultsProps) {
  const isSearch = isUsableSearch(search);
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-10">
      <p className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
        {isSearch ? noSearchResults(search) : NO_FILTER_RESULTS}
      </p>
      {suggestion && (
        <p className="mt-3 text-base text-slate-700">
          <DidYouMean suggestion={suggestion} />
        </p>
      )}
      {isSearch ? (
        <ul className="mx-auto mt-4 max-w-md list-disc space-y-1 pl-5 text-left text-sm text-slate-600">
          {SEARCH_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">Try another category or pricing option.</p>
      )}
      {elsewhere && (
        <Link
          to={elsewhere.href}
          className="mt-6 mr-3 inline-block rounded-xl border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          See {elsewhere.count.toLocaleString("en-US")}{" "}
          {elsewhere.count === 1 ? "match" : "matches"} in all categories
        </Link>
      )}
      <Link
        to={BROWSE_PATH}
        onClick={onReset}
        className="mt-6 inline-block rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Reset All Filters
      </Link>
    </div>
  );
}
