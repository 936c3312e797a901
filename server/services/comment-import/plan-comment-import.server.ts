import { toolPath } from "~/lib/paths";
import type {
  CommentImportProblem,
  MatchedThreadSample,
  UnmatchedThreadSample,
} from "~/lib/comment-import";
import type { ExportRecord, ExportThread } from "./export-records.server";
import type { ThreadMatch } from "./match-thread.server";

/** Problems listed in a report; the rest are only counted. */
export const LISTED_PROBLEMS = 200;
const MATCHED_SAMPLES = 20;
const UNMATCHED_SAMPLES = 50;

interface ThreadInfo {
  thread: Pick<ExportThread, "key" | "link" | "title" | "identifier" | "isDeleted">;
  match: ThreadMatch | null;
  comments: number;
}

interface PostInfo {
  /** The n-th post of the file: a duplicated id is imported from its first post only. */
  ordinal: number;
  threadKey: string | null;
  parentKey: string | null;
  isSpam: boolean;
  isDeleted: boolean;
  isInvalid: boolean;
}

/** A post the import writes. */
export interface PlannedComment {
  ordinal: number;
  toolId: string;
  /** The top-level comment it hangs under (replies nest one level), or null for a top-level one. */
  rootKey: string | null;
  /** A top-level comment only because its parent is missing (attached and flagged). */
  isOrphan: boolean;
  /** Deleted, kept without its text because replies hang on it. */
  isPlaceholder: boolean;
}

export interface CommentImportPlan {
  comments: Map<string, PlannedComment>;
  counts: {
    threads: number;
    matchedThreads: number;
    unmatchedThreads: number;
    deletedThreads: number;
    tools: number;
    posts: number;
    skippedSpam: number;
    skippedDeleted: number;
    placeholders: number;
    orphans: number;
    inUnmatchedThreads: number;
    invalid: number;
    ratings: number;
  };
  matchedSamples: MatchedThreadSample[];
  unmatchedSamples: UnmatchedThreadSample[];
  problems: CommentImportProblem[];
  /** Top-level comments first, then replies: the order the import writes them in. */
  roots: number;
  replies: number;
}

/**
 * The first read of an export: every thread and post without their text, the thread → tool
 * matches, and what becomes of each post. Posts may come before their threads and replies before
 * their parents, so nothing is decided until the whole file has been read.
 */
export async function planCommentImport(
  records: AsyncIterable<ExportRecord>,
  matchThread: (thread: ExportThread) => ThreadMatch | null,
): Promise<CommentImportPlan> {
  const threads = new Map<string, ThreadInfo>();
  const posts = new Map<string, PostInfo>();
  const problems: CommentImportProblem[] = [];
  let invalid = 0;
  let threadCount = 0;
  let postCount = 0;
  const ratings = new Map<string, number>();
  const problem = (record: ExportRecord, message: string) => {
    if (problems.length < LISTED_PROBLEMS) {
      problems.push({ line: record.line, record: record.record, message });
    }
  };

  for await (const record of records) {
    if (record.kind === "thread") {
      threadCount++;
      if (record.problem) {
        problem(record, record.problem);
      } else if (threads.has(record.key)) {
        problem(record, `The thread ${record.key} appears twice; the first one is used.`);
      } else {
        threads.set(record.key, {
          thread: {
            key: record.key,
            link: record.link,
            title: record.title,
            identifier: record.identifier,
            isDeleted: record.isDeleted,
          },
          match: record.isDeleted ? null : matchThread(record),
          comments: 0,
        });
      }
      continue;
    }
    postCount++;
    if (record.key && posts.has(record.key)) {
      invalid++;
      problem(record, `The post ${record.key} appears twice; the first one is used.`);
      continue;
    }
    if (record.problem) {
      invalid++;
      problem(record, record.problem);
    }
    if (!record.key) continue;
    if (record.rating !== null) ratings.set(record.key, record.rating);
    posts.set(record.key, {
      ordinal: postCount,
      threadKey: record.threadKey,
      parentKey: record.parentKey,
      isSpam: record.isSpam,
      isDeleted: record.isDeleted,
      isInvalid: record.problem !== null,
    });
  }

  const counts = {
    threads: threadCount,
    matchedThreads: 0,
    unmatchedThreads: 0,
    deletedThreads: 0,
    tools: 0,
    posts: postCount,
    skippedSpam: 0,
    skippedDeleted: 0,
    placeholders: 0,
    orphans: 0,
    inUnmatchedThreads: 0,
    invalid,
    ratings: 0,
  };

  // Which tool each post would go to, when it may be imported at all.
  const toolOf = new Map<string, string>();
  for (const [key, post] of posts) {
    if (post.isInvalid) continue;
    const info = post.threadKey ? threads.get(post.threadKey) : undefined;
    if (!info) {
      counts.invalid++;
      if (problems.length < LISTED_PROBLEMS) {
        problems.push({
          line: null,
          record: `post ${key}`,
          message: `The post names the thread ${post.threadKey}, which is not in the file.`,
        });
      }
      post.isInvalid = true;
      continue;
    }
    info.comments++;
    if (info.thread.isDeleted) {
      counts.skippedDeleted++;
    } else if (!info.match) {
      counts.inUnmatchedThreads++;
    } else if (post.isSpam) {
      counts.skippedSpam++;
    } else {
      toolOf.set(key, info.match.tool.id);
    }
  }

  // The top-level comment each post hangs under: up its parents while they can be imported in the
  // same tool. Where the chain breaks (a parent missing, spam, malformed or elsewhere), the post
  // there becomes a top-level comment of its own: an orphan.
  const rootOf = new Map<string, string>();
  const findRoot = (start: string): string => {
    const path: string[] = [];
    const seen = new Set<string>();
    let key = start;
    let root: string;
    for (;;) {
      const known = rootOf.get(key);
      if (known !== undefined) {
        root = known;
        break;
      }
      path.push(key);
      seen.add(key);
      const parentKey = posts.get(key)?.parentKey;
      if (!parentKey || seen.has(parentKey) || toolOf.get(parentKey) !== toolOf.get(start)) {
        root = key;
        break;
      }
      key = parentKey;
    }
    for (const step of path) rootOf.set(step, root);
    return root;
  };

  const comments = new Map<string, PlannedComment>();
  const rootsWithReplies = new Set<string>();
  const deletedRoots: string[] = [];
  for (const [key, toolId] of toolOf) {
    const post = posts.get(key)!;
    const root = findRoot(key);
    if (post.isDeleted) {
      if (root === key) deletedRoots.push(key);
      else counts.skippedDeleted++;
      continue;
    }
    if (root !== key) rootsWithReplies.add(root);
    comments.set(key, {
      ordinal: post.ordinal,
      toolId,
      rootKey: root === key ? null : root,
      isOrphan: root === key && post.parentKey !== null,
      isPlaceholder: false,
    });
  }
  for (const key of deletedRoots) {
    const post = posts.get(key)!;
    if (!rootsWithReplies.has(key)) {
      counts.skippedDeleted++;
      continue;
    }
    comments.set(key, {
      ordinal: post.ordinal,
      toolId: toolOf.get(key)!,
      rootKey: null,
      isOrphan: post.parentKey !== null,
      isPlaceholder: true,
    });
  }

  const toolIds = new Set<string>();
  let roots = 0;
  for (const [key, comment] of comments) {
    toolIds.add(comment.toolId);
    if (comment.rootKey === null) roots++;
    if (comment.isOrphan) counts.orphans++;
    if (comment.isPlaceholder) counts.placeholders++;
    else if (comment.rootKey === null && ratings.has(key)) counts.ratings++;
  }
  counts.tools = toolIds.size;

  const matched: MatchedThreadSample[] = [];
  const unmatched: UnmatchedThreadSample[] = [];
  for (const { thread, match, comments: count } of threads.values()) {
    if (thread.isDeleted) {
      counts.deletedThreads++;
    } else if (match) {
      counts.matchedThreads++;
      matched.push({
        thread: thread.key,
        link: thread.link,
        title: thread.title,
        matchedBy: match.matchedBy,
        tool: { id: match.tool.id, name: match.tool.name, path: toolPath(match.tool) },
        comments: count,
      });
    } else {
      counts.unmatchedThreads++;
      unmatched.push({
        thread: thread.key,
        link: thread.link,
        title: thread.title,
        identifier: thread.identifier,
        comments: count,
      });
    }
  }
  // The threads with the most comments say most about a file; ties keep the file's order.
  const byComments = (a: { comments: number }, b: { comments: number }) => b.comments - a.comments;
  return {
    comments,
    counts,
    matchedSamples: matched.sort(byComments).slice(0, MATCHED_SAMPLES),
    unmatchedSamples: unmatched.sort(byComments).slice(0, UNMATCHED_SAMPLES),
    problems,
    roots,
    replies: comments.size - roots,
  };
}
