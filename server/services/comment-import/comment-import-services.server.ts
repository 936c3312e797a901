import type { Database } from "#server/db/client.server";
import type { Actor } from "../admin/record-admin-action.server";
import {
  importComments,
  type CommentFile,
  type CommentImportOptions,
} from "./import-comments.server";
import { listCommentImportJobs } from "./list-comment-import-jobs.server";

/** The comment migration: Disqus and JSON exports into tool comments. */
export function createCommentImportServices({ db }: { db: Database }) {
  return {
    importComments: (actor: Actor, file: CommentFile, options: CommentImportOptions) =>
      importComments(db, actor, file, options),
    listCommentImportJobs: () => listCommentImportJobs(db),
  };
}
