import { useEffect, useState } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { CompareToggle } from "~/components/compare/compare-toggle";
import { LikeButton } from "~/components/like-button";
import { LocalDate } from "~/components/local-date";
import { StarRating } from "~/components/star-rating";
import { ToolImage } from "~/components/tool-image";
import { currentPath, track } from "~/client/analytics/track";
import { toolBreadcrumbs } from "~/lib/paths";
import {
  formatCount,
  plural,
  type ToolCard as ToolCardData,
  type ToolPageDetail,
} from "~/lib/tool";
import { ToolCard } from "~/components/tool-card";
import { CommentsSection } from "~/features/comments/comments-section";
import type { ComparedTool } from "~/lib/compare";
import { BuyerFactsSections } from "./buyer-facts-sections";
import { CompareWith } from "./compare-with";
import type { CommentPage, RatingSummary } from "~/lib/api/contract";

interface ToolPageProps {
  tool: ToolPageDetail;
  /** The long description as safe HTML; empty when the tool has none. */
  longDescriptionHtml: string;
  /** Other tools for the same job. */
  related: readonly ToolCardData[];
  /** Its closest alternatives, for "Compare with". */
  compareWith: readonly ComparedTool[];
  /** The first page of its comments, newest first, with its ratings. */
  comments: CommentPage;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** Visit website (http/https only, DESIGN.md 8), or a plain note when the tool has none. */
function WebsiteLink({ url }: { url: string }) {
  if (url === "#") {
    return (
      <p className="rounded-xl bg-slate-100 px-4 py-3 text-center font-semibold text-slate-600">
        Website not available
      </p>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="block rounded-xl bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
    >
      Visit website
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function ToolPage({
  tool,
  longDescriptionHtml,
  related,
  compareWith,
  comments,
}: ToolPageProps) {
  const crumbs = toolBreadcrumbs(tool);
  // The comments section follows ratings live; the header and the facts show the same numbers.
  const [liveRating, setLiveRating] = useState<(RatingSummary & { toolId: string }) | null>(null);
  const { ratingAvg, ratingCount } = liveRating?.toolId === tool.id ? liveRating : tool;
  useEffect(() => track({ name: "tool_view", path: currentPath(), toolId: tool.id }), [tool.id]);

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:px-6" aria-labelledby="tool-name">
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <p className="text-sm font-semibold text-brand-700">
            {tool.category ?? "Uncategorized"}
            {tool.subCategory && ` · ${tool.subCategory}`}
          </p>
          <h1
            id="tool-name"
            className="mt-1 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
          >
            {tool.name}
          </h1>
          <p className="mt-3 text-lg text-slate-700">{tool.cardDescription}</p>
          <div className="mt-4 flex flex-wrap items-center gap-4 text-sm text-slate-600">
            <StarRating rating={ratingAvg} />
            {ratingCount > 0 && <span>{plural(ratingCount, "rating")}</span>}
            <span>{formatCount(tool.views)} views</span>
            <LikeButton toolId={tool.id} toolName={tool.name} likes={tool.likesTotal} />
            <CompareToggle tool={tool} />
          </div>
          {/* On phones the side panel comes after the description; the way out comes first. */}
          <div className="mt-5 lg:hidden">
            <WebsiteLink url={tool.websiteUrl} />
          </div>
          <ToolImage
            path={tool.mainImage}
            size="large"
            alt={`${tool.name} preview`}
            width={1200}
            height={900}
            isPriority
            className="mt-6 aspect-[4/3] w-full rounded-2xl border border-slate-200"
          />
          {longDescriptionHtml ? (
            <div
              className="prose-tool mt-8"
              dangerouslySetInnerHTML={{ __html: longDescriptionHtml }}
            />
          ) : (
            <p className="mt-8 text-slate-600">No detailed description yet.</p>
          )}
          {tool.keyFeatures.length > 0 && (
            <section aria-labelledby="tool-features" className="mt-8">
              <h2 id="tool-features" className="text-xl font-semibold text-slate-950">
                Key features
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {tool.keyFeatures.map((feature) => (
                  <li
                    key={feature}
                    className="flex gap-2 rounded-lg bg-white p-3 text-slate-800 ring-1 ring-slate-200"
                  >
                    <span aria-hidden="true" className="text-brand-700">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <BuyerFactsSections tool={tool} />
          <CompareWith tool={tool} alternatives={compareWith} />
          <CommentsSection
            key={tool.id}
            toolId={tool.id}
            toolName={tool.name}
            initialPage={comments}
            onRatingChange={(rating) => setLiveRating({ ...rating, toolId: tool.id })}
          />
        </div>

        <aside className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24">
            <WebsiteLink url={tool.websiteUrl} />
            <dl className="mt-4 divide-y divide-slate-100">
              <Fact label="Pricing model">{tool.pricing.model}</Fact>
              <Fact label="Price">{tool.pricing.amount}</Fact>
              <Fact label="Category">{tool.category ?? "Uncategorized"}</Fact>
              <Fact label="Subcategory">{tool.subCategory ?? "None"}</Fact>
              <Fact label="Rating">
                {ratingCount > 0 ? `${ratingAvg.toFixed(1)} / 5` : "Not rated yet"}
              </Fact>
              <Fact label="Added">
                <LocalDate value={tool.createdAt} />
              </Fact>
              <Fact label="Updated">
                <LocalDate value={tool.updatedAt} />
              </Fact>
            </dl>
            {tool.hashtags.length > 0 && (
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Hashtags">
                {tool.hashtags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700"
                  >
                    #{tag}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </aside>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="tool-related" className="mt-16">
          <h2 id="tool-related" className="text-2xl font-bold tracking-tight text-slate-950">
            Related tools
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((other) => (
              <li key={other.id} className="flex">
                <ToolCard tool={other} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
