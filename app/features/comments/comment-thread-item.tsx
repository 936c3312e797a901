import { postComment } from "~/client/api/client";
import type { CommentThread, CommentView, DeletedComment, SavedComment } from "~/lib/api/contract";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";

interface CommentThreadItemProps {
  toolId: string;
  thread: CommentThread;
  /** The reader may write: verified, and comments are open. */
  canWrite: boolean;
  canReport: boolean;
  isLocked: boolean;
  isReplying: boolean;
  onReply: () => void;
  onReplySaved: (saved: SavedComment) => void;
  /** The reply form closed without posting. */
  onReplyCancel: () => void;
  onSaved: (saved: SavedComment) => void;
  onDeleted: (comment: CommentView, answer: DeletedComment) => void;
  onReported: (comment: CommentView) => void;
}

/** A top-level comment with its replies, and the reply form under them while it is open. */
export function CommentThreadItem({
  toolId,
  thread,
  canWrite,
  canReport,
  isLocked,
  isReplying,
  onReply,
  onReplySaved,
  onReplyCancel,
  onSaved,
  onDeleted,
  onReported,
}: CommentThreadItemProps) {
  const commonProps = { canReport, isLocked, onSaved, onDeleted, onReported };
  const isOpenForReplies = canWrite && thread.state === "visible";
  return (
    <li className="border-t border-slate-200 py-5 first:border-t-0">
      <CommentItem {...commonProps} comment={thread} canReply={isOpenForReplies} onReply={onReply}>
        {thread.replies.length > 0 && (
          <ul
            aria-label={`Replies to ${thread.authorName}`}
            className="mt-4 space-y-4 border-l-2 border-slate-200 pl-4 sm:ml-2"
          >
            {thread.replies.map((reply) => (
              <li key={reply.id}>
                <CommentItem {...commonProps} comment={reply} canReply={false} isReply />
              </li>
            ))}
          </ul>
        )}
        {isReplying && isOpenForReplies && (
          <div className="mt-4 border-l-2 border-brand-200 pl-4 sm:ml-2">
            <CommentForm
              label={`Reply to ${thread.authorName}`}
              submitLabel="Post reply"
              hasHoneypot
              autoFocus
              submit={(input) => postComment(toolId, { ...input, parentId: thread.id })}
              onSaved={onReplySaved}
              onCancel={onReplyCancel}
            />
          </div>
        )}
      </CommentItem>
    </li>
  );
}
