import { Link } from "react-router";
import { DID_YOU_MEAN } from "~/lib/messages";

/** A search spelt with the catalogue's own words, and the listing that runs it. */
export interface SuggestedSearch {
  search: string;
  href: string;
}

/** 'Did you mean "…"?', the suggestion a link to its listing. */
export function DidYouMean({ suggestion }: { suggestion: SuggestedSearch }) {
  return (
    <span className="block [overflow-wrap:anywhere]">
      {DID_YOU_MEAN} &quot;
      <Link
        to={suggestion.href}
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {suggestion.search}
      </Link>
      &quot;?
    </span>
  );
}
