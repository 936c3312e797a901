import { Form } from "react-router";
import { MAX_RENDERED_CARDS } from "~/lib/constants";
import { browseTarget, type BrowseFilters } from "./browse-href";
import { useSubcategoryPages } from "./subcategory-pages";

interface LoadMoreProps {
  filters: BrowseFilters;
  /** How many cards there are once this click is done. */
  nextCount: number;
  status: "idle" | "loading" | "failed";
  onLoadMore: () => void;
}

/**
 * "Load More Tools" adds 9 cards. With JavaScript it fetches them from the API; without,
 * the form asks the server for a longer page.
 */
export function LoadMore({ filters, nextCount, status, onLoadMore }: LoadMoreProps) {
  const isLoading = status === "loading";
  const target = browseTarget(filters, useSubcategoryPages());
  return (
    <Form
      method="get"
      action={target.path}
      preventScrollReset
      className="mt-10 text-center"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isLoading) onLoadMore();
      }}
    >
      {[...target.params].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="limit" value={Math.min(nextCount, MAX_RENDERED_CARDS)} />
      <button
        type="submit"
        aria-disabled={isLoading}
        className="rounded-xl border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 shadow-sm hover:bg-slate-50"
      >
        {isLoading ? "Loading..." : "Load More Tools"}
      </button>
      {status === "failed" && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          More tools could not be loaded. Check your connection and try again.
        </p>
      )}
    </Form>
  );
}
