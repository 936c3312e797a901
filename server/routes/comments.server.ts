import express from "express";
import type {
  CommentLockState,
  CommentPage,
  DeletedComment,
  ModeratedComment,
  ModerationQueue,
  ReportedComment,
  SavedComment,
} from "~/lib/api/contract";
import {
  commentEditSchema,
  commentLockSchema,
  commentPageQuery,
  commentReportSchema,
  moderationQuery,
  moderationSchema,
  newCommentSchema,
} from "~/lib/comments";
import type { Viewer } from "~/lib/profile";
import { isToolId } from "~/lib/tool";
import { publicNameOf } from "../auth/public-name.server";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { readJsonBody } from "../http/request-body.server";
import { addressKeyOf } from "../rate-limit/client-key.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import {
  adminOnly,
  inputOf,
  searchParamsOf,
  sendJson,
  signedInOf,
  signedInOnly,
} from "./guards.server";
import { enforceRateLimit } from "../http/enforce-rate-limit.server";

interface RateRules {
  /** Per person: a short burst, then a daily cap. */
  personBurst: RateRule;
  personDaily: RateRule;
  /** Per network (the client key: an IPv4 address or an IPv6 /64), for several accounts at once. */
  networkBurst: RateRule;
  networkDaily: RateRule;
}

/**
 * DESIGN.md 8: comment writes (posts, replies, edits, rating changes, deletes). A
 * person writing, fixing a typo, changing their stars and answering a reply stays well inside a
 * minute's burst; a network may be an office or a campus behind one address.
 */
export const COMMENT_RATES: RateRules = {
  personBurst: { window: 60, max: 10 },
  personDaily: { window: 86_400, max: 200 },
  networkBurst: { window: 60, max: 60 },
  networkDaily: { window: 86_400, max: 1000 },
};

/** Reports: a person reads a thread and may report several of its comments in a row. */
export const REPORT_RATES: RateRules = {
  personBurst: { window: 60, max: 10 },
  personDaily: { window: 86_400, max: 50 },
  networkBurst: { window: 60, max: 60 },
  networkDaily: { window: 86_400, max: 300 },
};

/** One step of each of the four limits; the first one past its limit ends the request with 429. */
async function enforceWriteLimits(
  app: Application,
  req: express.Request,
  res: express.Response,
  viewer: Viewer,
  name: "comments" | "reports",
  rules: RateRules,
) {
  const network = addressKeyOf(req.ip ?? "");
  await enforceRateLimit(app, res, `${name}:${viewer.id}`, rules.personBurst);
  await enforceRateLimit(app, res, `${name}-day:${viewer.id}`, rules.personDaily);
  await enforceRateLimit(app, res, `${name}-net:${network}`, rules.networkBurst);
  await enforceRateLimit(app, res, `${name}-net-day:${network}`, rules.networkDaily);
}

function requireVerified(viewer: Viewer) {
  if (!viewer.emailVerified) {
    throw new AppError("FORBIDDEN", "Verify your email address to comment and rate.");
  }
}

function commentIdOf(param: string): number {
  if (!/^[1-9]\d{0,14}$/.test(param)) throw new AppError("NOT_FOUND", "No comment has that id.");
  return Number(param);
}

function toolIdOf(param: string): string {
  if (!isToolId(param)) throw new AppError("NOT_FOUND", "No tool has that id.");
  return param;
}

const authorOf = (viewer: Viewer) => ({
  id: viewer.id,
  name: publicNameOf(viewer.displayName, viewer.id),
});

/** /api/tools/:id/comments: a tool's comments (public) and new comments (verified people). */
export function toolCommentRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get("/:id/comments", async (req, res) => {
    const toolId = toolIdOf(req.params.id);
    const query = commentPageQuery.parse(Object.fromEntries(searchParamsOf(req)));
    const viewer = (await signedInOf(app, req))?.viewer ?? null;
    const page = await app.services.getCommentPage(toolId, query, viewer);
    res.set("Cache-Control", "no-store");
    sendJson<CommentPage>(res, page);
  });
  router.post(
    "/:id/comments",
    signedInOnly<{ id: string }>(app, async (req, res, viewer) => {
      requireVerified(viewer);
      const toolId = toolIdOf(req.params.id);
      await enforceWriteLimits(app, req, res, viewer, "comments", COMMENT_RATES);
      const input = inputOf(newCommentSchema, await readJsonBody(req), "Check the comment.");
      const saved = await app.services.postComment({
        toolId,
        author: authorOf(viewer),
        body: input.body,
        rating: input.rating ?? null,
        parentId: input.parentId ?? null,
        website: input.website,
      });
      sendJson<SavedComment>(res, saved, 201);
    }),
  );
  return router;
}

/** /api/comments/:id: the author's edit and delete, and anyone's report. */
export function commentRoutes(app: Application): express.Router {
  const router = express.Router();
  router.put(
    "/:id",
    signedInOnly<{ id: string }>(app, async (req, res, viewer) => {
      requireVerified(viewer);
      const commentId = commentIdOf(req.params.id);
      await enforceWriteLimits(app, req, res, viewer, "comments", COMMENT_RATES);
      const edit = inputOf(commentEditSchema, await readJsonBody(req), "Check the comment.");
      const saved = await app.services.editComment(commentId, authorOf(viewer), edit);
      sendJson<SavedComment>(res, saved);
    }),
  );
  router.delete(
    "/:id",
    signedInOnly<{ id: string }>(app, async (req, res, viewer) => {
      requireVerified(viewer);
      const commentId = commentIdOf(req.params.id);
      await enforceWriteLimits(app, req, res, viewer, "comments", COMMENT_RATES);
      sendJson<DeletedComment>(res, await app.services.deleteComment(commentId, viewer.id));
    }),
  );
  router.post(
    "/:id/report",
    signedInOnly<{ id: string }>(app, async (req, res, viewer) => {
      requireVerified(viewer);
      const commentId = commentIdOf(req.params.id);
      await enforceWriteLimits(app, req, res, viewer, "reports", REPORT_RATES);
      const { reason } = inputOf(commentReportSchema, await readJsonBody(req), "Check the report.");
      const reported = await app.services.reportComment(commentId, viewer.id, reason);
      sendJson<ReportedComment>(res, reported);
    }),
  );
  return router;
}

/** /api/admin/comments and /api/admin/tools/:id/comment-lock: moderation (admins only). */
export function adminCommentRoutes(app: Application): express.Router {
  const router = express.Router();
  router.get(
    "/comments",
    adminOnly(app, async (req, res) => {
      const query = moderationQuery.parse(Object.fromEntries(searchParamsOf(req)));
      sendJson<ModerationQueue>(res, await app.services.listModerationQueue(query));
    }),
  );
  router.post(
    "/comments/:id/moderate",
    adminOnly<{ id: string }>(app, async (req, res, viewer) => {
      const commentId = commentIdOf(req.params.id);
      const { action } = inputOf(moderationSchema, await readJsonBody(req));
      const moderated = await app.services.moderateComment(viewer, commentId, action);
      sendJson<ModeratedComment>(res, moderated);
    }),
  );
  router.put(
    "/tools/:id/comment-lock",
    adminOnly<{ id: string }>(app, async (req, res, viewer) => {
      const toolId = toolIdOf(req.params.id);
      const { locked } = inputOf(commentLockSchema, await readJsonBody(req));
      sendJson<CommentLockState>(res, await app.services.setCommentLock(viewer, toolId, locked));
    }),
  );
  return router;
}
