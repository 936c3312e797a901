import type { RatingSummary } from "~/lib/api/contract";
import { plural } from "~/lib/tool";

const STARS = [5, 4, 3, 2, 1] as const;

const percentOf = (count: number, total: number) =>
  total > 0 ? Math.round((count / total) * 100) : 0;

/** The tool's average, its count and how many people gave each number of stars. */
export function RatingSummaryBlock({ rating }: { rating: RatingSummary }) {
  return (
    <section
      aria-labelledby="ratings-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="ratings-heading" className="text-xl font-semibold text-slate-950">
        Ratings
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-center">
        <div>
          <p className="text-4xl font-bold text-slate-950" data-testid="rating-average">
            {rating.ratingCount > 0 ? rating.ratingAvg.toFixed(1) : "–"}
            <span className="sr-only"> out of 5</span>
          </p>
          {/* The number above says it; the stars only draw it. */}
          <span
            aria-hidden="true"
            className="star-rating text-lg"
            style={
              { "--rating": `${(Math.min(5, rating.ratingAvg) / 5) * 100}%` } as React.CSSProperties
            }
          />
          <p className="mt-1 text-sm text-slate-600" data-testid="rating-count">
            {rating.ratingCount > 0 ? plural(rating.ratingCount, "rating") : "No ratings yet"}
          </p>
        </div>
        <ul aria-label="Ratings by stars" className="space-y-1.5">
          {STARS.map((stars) => {
            const count = rating.histogram[stars - 1] ?? 0;
            const percent = percentOf(count, rating.ratingCount);
            return (
              <li key={stars} className="flex items-center gap-3 text-sm">
                <span className="sr-only">
                  {`${plural(stars, "star")}: ${plural(count, "rating")} (${percent}%)`}
                </span>
                <span aria-hidden="true" className="w-8 shrink-0 text-slate-700">
                  {stars} ★
                </span>
                <span
                  aria-hidden="true"
                  className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100"
                >
                  <span
                    className="block h-full rounded-full bg-amber-500"
                    style={{ width: `${percent}%` }}
                  />
                </span>
                <span
                  aria-hidden="true"
                  className="w-10 shrink-0 text-right text-slate-600 tabular-nums"
                >
                  {count.toLocaleString("en-US")}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
