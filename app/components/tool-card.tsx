import { Link } from "react-router";
import { CARD_IMAGE_HEIGHT_PX } from "~/lib/constants";
import { toolPath } from "~/lib/paths";
import { formatCount, type ToolCard as ToolCardData } from "~/lib/tool";
import { LikeButton } from "./like-button";
import { StarRating } from "./star-rating";
import { ToolImage } from "./tool-image";
import { useOpenTool } from "./use-open-tool";

interface ToolCardProps {
  tool: ToolCardData;
  /** Where the card leads; the tool's page unless told otherwise. */
  href?: string;
  isPriority?: boolean;
  /** Runs just before the tool opens, such as saving the list to come back to. */
  onOpen?: () => void;
}

/** spec 2 Tool card. An article named by the tool's name; the whole card opens the tool. */
export function ToolCard({ tool, href = toolPath(tool), isPriority, onOpen }: ToolCardProps) {
  const openTool = useOpenTool();
  const headingId = `tool-${tool.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition focus-within:ring-2 focus-within:ring-brand-600 hover:-translate-y-0.5 hover:shadow-md"
    >
      <div className="relative" style={{ height: CARD_IMAGE_HEIGHT_PX }}>
        <ToolImage
          path={tool.image}
          size="medium"
          alt=""
          width={600}
          height={450}
          className="h-full"
          isPriority={isPriority}
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800 shadow-sm">
          {tool.category ?? "Uncategorized"}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="text-lg font-semibold text-slate-950">
          <Link
            to={href}
            onClick={(event) => openTool(event, tool.id, onOpen)}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {tool.name}
          </Link>
        </h3>
        {tool.subCategory && (
          <p className="mt-0.5 text-sm font-medium text-brand-700">{tool.subCategory}</p>
        )}
        <p className="mt-2 line-clamp-3 flex-1 text-sm leading-6 text-slate-600">
          {tool.cardDescription}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <StarRating rating={tool.ratingAvg} />
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M10 4c4.5 0 7.7 3.6 8.8 5.4a1.1 1.1 0 0 1 0 1.2C17.7 12.4 14.5 16 10 16s-7.7-3.6-8.8-5.4a1.1 1.1 0 0 1 0-1.2C2.3 7.6 5.5 4 10 4zm0 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
            </svg>
            {formatCount(tool.views)} views
          </span>
        </div>
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className="text-sm">
            <span className="font-semibold text-slate-900">{tool.pricing.model}</span>
            <span className="text-slate-600"> · {tool.pricing.amount}</span>
          </p>
          <LikeButton toolId={tool.id} toolName={tool.name} likes={tool.likesTotal} />
        </div>
        <span
          aria-hidden="true"
          className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800 group-hover:bg-brand-100"
        >
          Learn More
        </span>
      </div>
    </article>
  );
}

interface CompactToolCardProps {
  tool: ToolCardData;
  tabIndex?: number;
}

/**
 * spec 2: the compact card, a small image with name and subcategory; it opens the tool, or the
 * home page when its data is incomplete.
 */
export function CompactToolCard({ tool, tabIndex }: CompactToolCardProps) {
  const openTool = useOpenTool();
  return (
    <Link
      to={tool.name && tool.slug ? toolPath(tool) : "/"}
      tabIndex={tabIndex}
      onClick={(event) => openTool(event, tool.id)}
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-200 hover:bg-brand-50"
    >
      <ToolImage
        path={tool.image}
        size="small"
        alt=""
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-lg"
      />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-950">{tool.name}</span>
        <span className="block truncate text-sm text-slate-600">
          {tool.subCategory ?? tool.category ?? "AI tool"}
        </span>
      </span>
    </Link>
  );
}
