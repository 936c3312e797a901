import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import express from "express";
import type { CommentImportAnswer, CommentImportStreamLine } from "~/lib/api/contract";
import { commentFileFormatOf, commentImportQuerySchema } from "~/lib/comment-import";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { BODY_LIMITS, tooLargeError } from "../http/request-body.server";
import type { Logger } from "../core/logger.server";
import { openCommentFile } from "../services/comment-import/open-comment-file.server";
import { adminOnly, inputOf, sendJson } from "./guards.server";

/**
 * Writes the request body to `path` as it arrives, never past the route's cap, and keeps only its
 * first `mappingBytes` bytes (the mapping file) in memory: an export of hundreds of megabytes
 * passes through without being held.
 */
async function spoolUpload(
  req: IncomingMessage,
  path: string,
  mappingBytes: number,
): Promise<Buffer> {
  const limit = BODY_LIMITS.adminCommentImport;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) throw tooLargeError(limit);
  const out = createWriteStream(path);
  const mapping: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLargeError(limit);
      const start = size - chunk.length;
      const split = Math.max(0, Math.min(chunk.length, mappingBytes - start));
      if (split > 0) mapping.push(chunk.subarray(0, split));
      if (split < chunk.length && !out.write(chunk.subarray(split))) await once(out, "drain");
    }
  } catch (error) {
    out.destroy();
    if (error instanceof AppError) throw error;
    throw new AppError("INVALID", "The request body could not be read.");
  }
  out.end();
  await once(out, "close");
  if (size < mappingBytes) {
    throw new AppError("INVALID", "The body is shorter than its mapping file.", {
      mappingBytes: "The body is shorter than this.",
    });
  }
  return Buffer.concat(mapping);
}

/**
 * /api/admin/comment-import: a Disqus export or a JSON file of comments, checked (dry
 * run) or imported in batches; with stream=1 the answer is progress lines, then the report.
 */
export function adminCommentImportRoutes(app: Application, logger: Logger): express.Router {
  const router = express.Router();
  router.post(
    "/comment-import",
    adminOnly(app, async (req, res, viewer) => {
      const query = inputOf(
        commentImportQuerySchema,
        req.query,
        "The comment import options are not valid.",
      );
      if (!commentFileFormatOf(query.name)) {
        throw new AppError("INVALID", "Choose an .xml, .xml.gz or .json file.", {
          name: "Choose an .xml, .xml.gz or .json file.",
        });
      }
      const dir = await mkdtemp(join(tmpdir(), "comment-import-"));
      try {
        const path = join(dir, "upload");
        const mapping = await spoolUpload(req, path, query.mappingBytes);
        const file = await openCommentFile(path, query.name);
        const options = {
          dryRun: query.dryRun,
          replace: query.replace,
          source: query.source,
          mapping:
            query.mappingBytes > 0
              ? { name: query.mappingName ?? "mapping", text: mapping.toString("utf8") }
              : undefined,
        };
        if (!query.stream) {
          sendJson<CommentImportAnswer>(
            res,
            await app.services.importComments(viewer, file, options),
          );
          return;
        }
        res.type("application/x-ndjson");
        const send = (line: CommentImportStreamLine) => res.write(`${JSON.stringify(line)}\n`);
        try {
          const report = await app.services.importComments(viewer, file, {
            ...options,
            onProgress: (progress) => {
              send({ progress });
            },
          });
          send({ report });
        } catch (error) {
          const known = error instanceof AppError ? error : null;
          if (!known) logger.error({ err: error }, "comment import failed");
          send(
            known?.toJSON() ?? {
              error: {
                code: "INTERNAL",
                message:
                  "The comment import failed on our side. See the history for what was imported.",
              },
            },
          );
        }
        res.end();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }),
  );
  return router;
}
