import { useState } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/toast";
import { moderateComment, setCommentLock } from "~/client/api/admin-client";
import type { ModerationItem, ModerationQueue } from "~/lib/api/contract";
import { ApiError } from "~/client/api/request";
import {
  MODERATION_FILTER_LABELS,
  MODERATION_FILTERS,
  type ModerationAction,
  type ModerationFilter,
} from "~/lib/comment-rules";
import { plural } from "~/lib/tool";
import { ModerationItemCard } from "./moderation-item";

const DONE: Record<ModerationAction, string> = {
  approve: "Comment approved.",
  hide: "Comment hidden.",
  delete: "Comment deleted.",
  restore: "Comment restored.",
};

const EMPTY: Record<ModerationFilter, string> = {
  review: "Nothing needs review. Held and reported comments show up here.",
  held: "No comments are held.",
  reported: "No comments are reported.",
  hidden: "No comments are hidden.",
  deleted: "No comments are deleted.",
  all: "There are no comments yet.",
};

const hrefOf = (filter: ModerationFilter, page: number) =>
  `/admin/comments?filter=${filter}${page > 1 ? `&page=${page}` : ""}`;

interface ModerationPageProps {
  queue: ModerationQueue;
  filter: ModerationFilter;
}

/**
 * The admin's moderation queue: held and reported comments first, with approve, hide,
 * delete and restore, and a switch that closes a tool's comments.
 */
export function ModerationPage({ queue, filter }: ModerationPageProps) {
  const toast = useToast();
  const [items, setItems] = useState(queue.items);
  const [pending, setPending] = useState<{ id: number; action: ModerationAction } | null>(null);
  const [lockPendingTool, setLockPendingTool] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));

  function onFailure(error: unknown, fallback: string) {
    toast({
      message: error instanceof ApiError ? error.message : fallback,
      tone: "error",
      durationMs: 5000,
    });
  }

  async function onAction(item: ModerationItem, action: ModerationAction) {
    if (pending) return;
    setPending({ id: item.id, action });
    try {
      const { item: changed } = await moderateComment(item.id, { action });
      setItems((current) => current.map((other) => (other.id === changed.id ? changed : other)));
      setAnnouncement(`${DONE[action]} By ${item.authorName} on ${item.tool.name}.`);
      // The comment stays in the list with its new state: the focus stays on it.
      document.getElementById(`moderation-${item.id}`)?.focus();
    } catch (error) {
      onFailure(error, "The comment could not be changed.");
    } finally {
      setPending(null);
    }
  }

  async function onToggleLock(item: ModerationItem) {
    if (lockPendingTool) return;
    const locked = !item.tool.isLocked;
    setLockPendingTool(item.tool.id);
    try {
      const { isLocked } = await setCommentLock(item.tool.id, { locked });
      setItems((current) =>
        current.map((other) =>
          other.tool.id === item.tool.id ? { ...other, tool: { ...other.tool, isLocked } } : other,
        ),
      );
      setAnnouncement(
        isLocked
          ? `Comments on ${item.tool.name} are closed.`
          : `Comments on ${item.tool.name} are open again.`,
      );
    } catch (error) {
      onFailure(error, "The tool's comments could not be locked.");
    } finally {
      setLockPendingTool(null);
    }
  }

  return (
    <section aria-labelledby="moderation-heading">
      <h1 id="moderation-heading" className="text-2xl font-bold text-slate-950">
        Comments
      </h1>
      <p className="mt-1 text-slate-700">
        Held and reported comments wait here for a decision. Every action is recorded in the audit
        trail.
      </p>
      <nav aria-label="Comment filters" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {MODERATION_FILTERS.map((option) => (
            <li key={option}>
              <Link
                to={hrefOf(option, 1)}
                aria-current={option === filter ? "page" : undefined}
                className={`inline-flex min-h-10 items-center rounded-full border px-3.5 text-sm font-medium ${
                  option === filter
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
                }`}
              >
                {MODERATION_FILTER_LABELS[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-sm text-slate-600">
        {plural(queue.total, "comment")} in {MODERATION_FILTER_LABELS[filter]}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-8 text-center text-slate-600">
          {EMPTY[filter]}
        </p>
      ) : (
        <ul aria-label="Comments to moderate" className="mt-4 space-y-4">
          {items.map((item) => (
            <li key={item.id}>
              <ModerationItemCard
                item={item}
                pendingAction={pending?.id === item.id ? pending.action : null}
                isLockPending={lockPendingTool === item.tool.id}
                onAction={(target, action) => void onAction(target, action)}
                onToggleLock={(target) => void onToggleLock(target)}
              />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {queue.page > 1 ? (
            <Link
              to={hrefOf(filter, queue.page - 1)}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
            >
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-slate-600">
            Page {queue.page} of {pages}
          </p>
          {queue.page < pages ? (
            <Link
              to={hrefOf(filter, queue.page + 1)}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
            >
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
