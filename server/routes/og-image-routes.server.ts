import express from "express";
import { COMPARE_PATH, MAX_COMPARED_TOOLS } from "~/lib/compare";
import { OG_IMAGE_PATH, versionOf } from "~/lib/og-image";
import type { ToolDetail } from "~/lib/tool";
import { enforceRateLimit } from "../http/enforce-rate-limit.server";
import type { Application } from "../boot.server";
import { AppError } from "../core/errors.server";
import { addressKeyOf } from "../rate-limit/client-key.server";
import type { RateRule } from "../rate-limit/consume-rate-limit.server";
import { resolveComparePath } from "../services/compare/resolve-compare-path.server";
import { OgImageCache } from "../media/og-images/og-image-cache.server";
import { renderCompareOgImage, renderToolOgImage } from "../media/og-images/render-og-image.server";

/** An image whose address carries the tool's current version never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Without it (or with an old one) the image is today's, and may change with the tool. */
const SHORT = "public, max-age=300";

/**
 * DESIGN.md 8: renders per client address (an IPv6 client by its /64). Only a render counts: a
 * cached image costs nothing, and a link preview's crawler asks for the same few again and again.
 */
export const OG_RENDER_RATE: RateRule = { window: 60, max: 60 };
/** Seconds a client waits when every render slot and the queue behind them are taken. */
export const OG_BUSY_RETRY_AFTER_S = 5;

/** Capitals are read as the pages read them: one 301 to the lower case. */
const PNG_FILE = /^([A-Za-z0-9_-]{1,1000})\.png$/;

const notFound = () => new AppError("NOT_FOUND", "No such image.");

const toolImageAt = (slug: string) => `${OG_IMAGE_PATH}/tools/${slug}.png`;

/** /og: the generated Open Graph images (app/lib/og-image.ts), made with sharp and cached. */
export function ogImageRoutes(
  app: Application,
  { cache = new OgImageCache() }: { cache?: OgImageCache } = {},
): express.Router {
  const router = express.Router();
  const source = { mediaDir: app.mediaDir, demoImages: app.demoImages };

  /**
   * The tool as the database has it now, online, or null. The image is drawn from this record, not
   * the snapshot's card: the version in its key is this record's, and a card can be a save behind.
   */
  async function onlineTool(id: string): Promise<ToolDetail | null> {
    const detail = await app.services.getToolDetail(id);
    return detail?.status === "online" ? detail : null;
  }

  async function imageOf(
    req: express.Request,
    res: express.Response,
    key: string,
    render: () => Promise<Buffer>,
  ): Promise<Buffer> {
    if (!cache.has(key)) {
      await enforceRateLimit(app, res, `og:${addressKeyOf(req.ip ?? "")}`, OG_RENDER_RATE);
    }
    const png = await cache.get(key, render);
    if (png) return png;
    res.set("Retry-After", String(OG_BUSY_RETRY_AFTER_S));
    throw new AppError("UNAVAILABLE", "Images are busy. Try again shortly.");
  }

  function send(
    req: express.Request,
    res: express.Response,
    png: Buffer,
    tools: readonly ToolDetail[],
  ) {
    res
      .set("Cache-Control", req.query.v === versionOf(tools) ? IMMUTABLE : SHORT)
      .type("png")
      .send(png);
  }

  const searchOf = (req: express.Request) => new URL(req.originalUrl, "http://localhost").search;

  router.get("/tools/:file", async (req, res) => {
    const asked = PNG_FILE.exec(req.params.file)?.[1];
    const slug = asked?.toLowerCase();
    const card = slug ? app.snapshotKeeper.snapshot.bySlug.get(slug) : undefined;
    if (!card) throw notFound();
    if (slug !== asked) {
      res.redirect(301, `${toolImageAt(card.slug)}${searchOf(req)}`);
      return;
    }
    const tool = await onlineTool(card.id);
    if (!tool) throw notFound();
    const png = await imageOf(req, res, `tool:${tool.id}@${tool.updatedAt}`, () =>
      renderToolOgImage(tool, source),
    );
    send(req, res, png, [tool]);
  });

  router.get("/compare/:file", async (req, res) => {
    const stem = PNG_FILE.exec(req.params.file)?.[1];
    if (!stem) throw notFound();
    // Answered as the compare page answers its address, a 301 for a 301.
    const page = resolveComparePath(app.snapshotKeeper.snapshot, stem);
    switch (page.kind) {
      case "too-many":
        throw new AppError("INVALID", `A comparison holds at most ${MAX_COMPARED_TOOLS} tools.`);
      case "repeated":
        throw new AppError("INVALID", "A comparison names each tool once.");
      case "moved": {
        const comparison = page.to.startsWith(`${COMPARE_PATH}/`)
          ? page.to.slice(COMPARE_PATH.length + 1)
          : null;
        // Not a comparison: the one tool's page, whose address ends with its slug.
        const to = comparison
          ? `${OG_IMAGE_PATH}/compare/${comparison}.png`
          : toolImageAt(page.to.slice(page.to.lastIndexOf("/") + 1));
        res.redirect(301, `${to}${searchOf(req)}`);
        return;
      }
      case "comparison":
        break;
      default:
        throw notFound();
    }
    const { snapshot } = app.snapshotKeeper;
    const tools = await Promise.all(
      page.slugs.map((slug) => {
        const card = snapshot.bySlug.get(slug);
        return card ? onlineTool(card.id) : null;
      }),
    );
    if (tools.some((tool) => !tool)) throw notFound();
    const online = tools as ToolDetail[];
    const key = `compare:${online.map((tool) => `${tool.id}@${tool.updatedAt}`).join(",")}`;
    const png = await imageOf(req, res, key, () => renderCompareOgImage(online, source));
    send(req, res, png, online);
  });

  return router;
}
