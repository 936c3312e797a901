import express from "express";
import { canonicalCompareOrder, COMPARE_SEPARATOR, MAX_COMPARED_TOOLS } from "~/lib/compare";
import { readComparePath } from "~/lib/compare-path";
import { compareOgImagePath, OG_IMAGE_PATH, toolOgImagePath } from "~/lib/og-image";
import type { ToolCard } from "~/lib/tool";
import type { Application } from "../../boot.server";
import { AppError } from "../../errors.server";
import { OgImageCache } from "./og-image-cache.server";
import { renderCompareOgImage, renderToolOgImage, type OgTool } from "./render-og-image.server";

/** An image whose address carries the tool's current version never changes. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Without it (or with an old one) the image is today's, and may change with the tool. */
const SHORT = "public, max-age=300";

const PNG_FILE = /^([a-z0-9_-]{1,1000})\.png$/;

const notFound = () => new AppError("NOT_FOUND", "No such image.");

const versionIn = (path: string) => new URLSearchParams(path.split("?")[1]).get("v");

/** /og: the generated Open Graph images (app/lib/og-image.ts), made with sharp and cached. */
export function ogImageRoutes(app: Application): express.Router {
  const router = express.Router();
  const cache = new OgImageCache();
  const source = { mediaDir: app.mediaDir, demoImages: app.demoImages };

  /** The online tool of a slug, with the version its card is drawn at; null when not online. */
  async function versionedTool(card: ToolCard) {
    const detail = await app.services.getToolDetail(card.id);
    if (!detail || detail.status !== "online") return null;
    return { tool: card as OgTool, updatedAt: detail.updatedAt };
  }

  function send(res: express.Response, png: Buffer, isCurrent: boolean) {
    res
      .set("Cache-Control", isCurrent ? IMMUTABLE : SHORT)
      .type("png")
      .send(png);
  }

  router.get("/tools/:file", async (req, res) => {
    const slug = PNG_FILE.exec(req.params.file)?.[1];
    const card = slug ? app.snapshotKeeper.snapshot.bySlug.get(slug) : undefined;
    const found = card ? await versionedTool(card) : null;
    if (!found) throw notFound();
    const { tool, updatedAt } = found;
    const png = await cache.get(`tool:${tool.slug}:${updatedAt}`, () =>
      renderToolOgImage(tool, source),
    );
    send(res, png, req.query.v === versionIn(toolOgImagePath({ slug: tool.slug, updatedAt })));
  });

  router.get("/compare/:file", async (req, res) => {
    const stem = PNG_FILE.exec(req.params.file)?.[1];
    const { snapshot } = app.snapshotKeeper;
    // Read as the compare page reads its address: a slug may itself hold "-vs-".
    const reading = stem
      ? readComparePath(stem, (slug) => snapshot.bySlug.has(slug))
      : { kind: "malformed" as const };
    if (reading.kind === "malformed") throw notFound();
    if (reading.kind === "too-many") {
      throw new AppError("INVALID", `A comparison holds at most ${MAX_COMPARED_TOOLS} tools.`);
    }
    if (reading.kind === "one-tool" || new Set(reading.slugs).size !== reading.slugs.length) {
      throw new AppError("INVALID", "A comparison names two or more different tools.");
    }
    const { slugs } = reading;
    const cards = slugs.map((slug) => snapshot.bySlug.get(slug));
    if (cards.some((card) => !card)) throw notFound();
    const canonical = canonicalCompareOrder(slugs);
    if (canonical.join() !== slugs.join()) {
      const { search } = new URL(req.originalUrl, "http://localhost");
      res.redirect(
        301,
        `${OG_IMAGE_PATH}/compare/${canonical.join(COMPARE_SEPARATOR)}.png${search}`,
      );
      return;
    }
    const found = await Promise.all(cards.map((card) => versionedTool(card!)));
    if (found.some((entry) => !entry)) throw notFound();
    const versions = found.map((entry) => ({
      slug: entry!.tool.slug,
      updatedAt: entry!.updatedAt,
    }));
    const key = `compare:${versions.map((entry) => `${entry.slug}@${entry.updatedAt}`).join(",")}`;
    const png = await cache.get(key, () =>
      renderCompareOgImage(
        found.map((entry) => entry!.tool),
        source,
      ),
    );
    send(res, png, req.query.v === versionIn(compareOgImagePath(versions)));
  });

  return router;
}
