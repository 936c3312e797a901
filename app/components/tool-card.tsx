import { Link } from "react-router";
import { CARD_IMAGE_HEIGHT_PX } from "~/lib/constants";
import { toolPath } from "~/lib/paths";
import { formatCount, type CompactTool, type ToolCard as ToolCardData } from "~/lib/tool";
import { CompareToggle } from "./compare/compare-toggle";
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

/** Tool card. An article named by the tool's name; the whole card opens the tool. */
export function ToolCard({ tool, href = toolPath(tool), isPriority, onOpen }: ToolCardProps) {
  const openTool = useOpenTool();
  const headingId = `tool-${tool.id}`;
  return (
    <article aria-labelledby={headingId} className="tool-card">
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
        <span className="tool-card-badge">{tool.category ?? "Uncategorized"}</span>
      </div>
      <div className="tool-card-body">
        <h3 id={headingId} className="tool-card-name">
          <Link
            to={href}
            onClick={(event) => openTool(event, tool.id, onOpen)}
            className="tool-card-link"
          >
            {tool.name}
          </Link>
        </h3>
        {tool.subCategory && <p className="tool-card-sub">{tool.subCategory}</p>}
        <p className="tool-card-text">{tool.cardDescription}</p>
        <div className="tool-card-footer">
          <div className="tool-card-stats">
            <StarRating rating={tool.ratingAvg} />
            <span className="views-count">{`${formatCount(tool.views)} views`}</span>
          </div>
          <div className="tool-card-foot">
            <p className="tool-card-price" title={`${tool.pricing.model} · ${tool.pricing.amount}`}>
              <b>{tool.pricing.model}</b>
              {` · ${tool.pricing.amount}`}
            </p>
            <div className="tool-card-actions">
              <CompareToggle tool={tool} />
              <LikeButton toolId={tool.id} toolName={tool.name} likes={tool.likesTotal} />
            </div>
          </div>
          <span aria-hidden="true" className="tool-card-more">
            Learn More
          </span>
        </div>
      </div>
    </article>
  );
}

interface CompactToolCardProps {
  tool: CompactTool;
  tabIndex?: number;
}

/**
 * The compact card, a small image with name and subcategory; it opens the tool, or the
 * home page when its data is incomplete.
 */
export function CompactToolCard({ tool, tabIndex }: CompactToolCardProps) {
  const openTool = useOpenTool();
  return (
    <Link
      to={tool.name && tool.slug ? toolPath(tool) : "/"}
      tabIndex={tabIndex}
      onClick={(event) => openTool(event, tool.id)}
      className="compact-card"
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
        <span className="compact-card-name">{tool.name}</span>
        <span className="compact-card-meta">{tool.subCategory ?? tool.category ?? "AI tool"}</span>
      </span>
    </Link>
  );
}
