import { useState } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Spinner } from "~/components/form-controls";
import { LocalDate } from "~/components/local-date";
import { StarRating } from "~/components/star-rating";
import type { ModerationItem } from "~/lib/api/contract";
import type { ModerationAction } from "~/lib/comment-rules";
import { plural } from "~/lib/tool";

const STATUS_LABELS: Record<ModerationItem["status"], string> = {
  visible: "Visible",
  held: "Held",
  hidden: "Hidden",
  deleted: "Deleted",
};

const STATUS_CLASSES: Record<ModerationItem["status"], string> = {
  visible: "bg-green-100 text-green-900",
  held: "bg-amber-100 text-amber-900",
  hidden: "bg-slate-200 text-slate-800",
  deleted: "bg-red-100 text-red-900",
};

const ACTION_LABELS: Record<ModerationAction, string> = {
  approve: "Approve",
  hide: "Hide",
  delete: "Delete",
  restore: "Restore",
};

/** Its author deleted it: its text is gone, so the server refuses to show it again. */
function isDeletedByAuthor(item: ModerationItem): boolean {
  return (item.status === "deleted" && item.statusReason === "author") || item.bodyHtml === "";
}

/** What an admin may do with a comment in its present state. */
function actionsFor(item: ModerationItem): ModerationAction[] {
  const actions = actionsForStatus(item);
  return isDeletedByAuthor(item)
    ? actions.filter((action) => action !== "approve" && action !== "restore")
    : actions;
}

function actionsForStatus(item: ModerationItem): ModerationAction[] {
  switch (item.status) {
    case "held":
      return ["approve", "hide", "delete"];
    case "visible":
      return item.needsReview ? ["approve", "hide", "delete"] : ["hide", "delete"];
    case "hidden":
      return ["restore", "delete"];
    case "deleted":
      return ["restore"];
  }
}

interface ModerationItemCardProps {
  item: ModerationItem;
  /** The action being sent for this comment, if any. */
  pendingAction: ModerationAction | null;
  isLockPending: boolean;
  onAction: (item: ModerationItem, action: ModerationAction) => void;
  onToggleLock: (item: ModerationItem) => void;
}

const BUTTON_CLASS =
  "inline-flex min-h-10 items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";

/** One comment in the queue: where and by whom, what it says, why it is here, and the actions. */
export function ModerationItemCard({
  item,
  pendingAction,
  isLockPending,
  onAction,
  onToggleLock,
}: ModerationItemCardProps) {
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const headingId = `moderation-${item.id}-heading`;
  const isBusy = pendingAction !== null;

  return (
    <article
      id={`moderation-${item.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      aria-busy={isBusy || undefined}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-500 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2
            id={headingId}
            className="text-base font-semibold [overflow-wrap:anywhere] text-slate-950"
          >
            <bdi>{item.authorName}</bdi>
            <span className="font-normal text-slate-600"> on </span>
            <a
              href={item.tool.publicPath}
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {item.tool.name}
            </a>
          </h2>
          <p className="mt-0.5 text-sm break-all text-slate-600">
            {item.authorEmail ?? "No email (imported)"}
            {" · "}
            <LocalDate value={item.createdAt} withTime />
            {item.parentId !== null && " · reply"}
            {item.source !== "native" && ` · imported from ${item.source}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASSES[item.status]}`}
          >
            <span className="sr-only">Status: </span>
            {STATUS_LABELS[item.status]}
          </span>
          {item.tool.isLocked && (
            <span className="rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
              Comments locked
            </span>
          )}
          {item.needsReview && (
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
              Needs review
            </span>
          )}
        </div>
      </div>
      {item.rating !== null && <StarRating rating={item.rating} className="mt-2" />}
      {isDeletedByAuthor(item) ? (
        <p className="mt-2 text-sm text-slate-500 italic">Deleted by its author.</p>
      ) : (
        <div
          className="prose-tool mt-2 [&_p]:my-1.5 [&_p]:leading-6"
          dangerouslySetInnerHTML={{ __html: item.bodyHtml }}
        />
      )}
      {(item.statusReason || item.reportCount > 0) && (
        <dl className="mt-3 space-y-1 rounded-lg bg-slate-50 p-3 text-sm">
          {item.statusReason && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-slate-800">Reason:</dt>
              <dd className="text-slate-700">{item.statusReason}</dd>
            </div>
          )}
          {item.reportCount > 0 && (
            <div>
              <dt className="font-medium text-slate-800">
                {plural(item.reportCount, "report")}
                <span className="font-normal text-slate-600">
                  {` (${item.trustedReportCount} from established accounts)`}
                </span>
              </dt>
              {item.reportReasons.length > 0 && (
                <dd>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
                    {item.reportReasons.map((reason, index) => (
                      <li key={index}>{reason}</li>
                    ))}
                  </ul>
                </dd>
              )}
            </div>
          )}
        </dl>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {actionsFor(item).map((action) => (
          <button
            key={action}
            type="button"
            disabled={isBusy}
            onClick={() =>
              action === "delete" ? setIsConfirmingDelete(true) : onAction(item, action)
            }
            className={`${BUTTON_CLASS} ${
              action === "delete"
                ? "border-red-200 text-red-800 hover:bg-red-50"
                : action === "approve" || action === "restore"
                  ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
                  : "border-slate-300 text-slate-800 hover:bg-slate-50"
            }`}
          >
            {pendingAction === action && <Spinner />}
            {ACTION_LABELS[action]}
            <span className="sr-only">
              {" "}
              the comment by <bdi>{item.authorName}</bdi>
            </span>
          </button>
        ))}
        <button
          type="button"
          disabled={isLockPending}
          onClick={() => onToggleLock(item)}
          className={`${BUTTON_CLASS} ml-auto border-slate-300 text-slate-800 hover:bg-slate-50`}
        >
          {isLockPending && <Spinner />}
          {item.tool.isLocked ? "Unlock comments" : "Lock comments"}
          <span className="sr-only"> on {item.tool.name}</span>
        </button>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingDelete}
        onClose={() => setIsConfirmingDelete(false)}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        onConfirm={() => {
          setIsConfirmingDelete(false);
          onAction(item, "delete");
        }}
      >
        The comment by <bdi>{item.authorName}</bdi> on {item.tool.name} will no longer show (its
        replies stay under a placeholder). You can restore it from the Deleted view.
      </ConfirmDialog>
    </article>
  );
}
