import express from "express";
import {
  ATOM_FEED_PATH,
  LLMS_TEXT_PATH,
  ROBOTS_PATH,
  RSS_FEED_PATH,
  SITEMAP_PATH,
} from "~/lib/paths";
import type { AppServices } from "../services.server";
import { SITEMAP_CHUNKS_PATH, type XmlFile } from "../services/discovery/build-sitemap.server";

/** Paths that are private, lead nowhere useful when found, or carry one person's token. */
const DISALLOWED = [
  "/admin",
  "/account",
  "/api/",
  "/dev/",
  "/auth/",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/verify-email",
  "/reset-password",
];

/** robots.txt: the whole site but the paths above, and where the sitemap is. */
export function robotsText(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL(SITEMAP_PATH, appUrl).href}`,
    "",
  ].join("\n");
}

// Readers ask again each time and get 304 while nothing changed: a catalogue change shows at once.
const REVALIDATE = "public, no-cache";

function sendXml(req: express.Request, res: express.Response, file: XmlFile, type: string) {
  res.set({
    "Content-Type": `${type}; charset=utf-8`,
    "Cache-Control": REVALIDATE,
    ETag: file.etag,
  });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(file.body);
}

const CHUNK_FILE = /^([1-9]\d{0,6})\.xml$/;

/** What search engines, feed readers and language models read: robots.txt, sitemaps, feeds. */
export function discoveryRoutes(
  app: { services: Pick<AppServices, "getSitemap" | "getFeeds" | "getLlmsText"> },
  appUrl: string,
): express.Router {
  const router = express.Router();
  const robots = robotsText(appUrl);
  router.get(ROBOTS_PATH, (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain").send(robots);
  });
  router.get(SITEMAP_PATH, async (req, res) => {
    sendXml(req, res, (await app.services.getSitemap()).index, "application/xml");
  });
  router.get(`${SITEMAP_CHUNKS_PATH}/:file`, async (req, res) => {
    const number = CHUNK_FILE.exec(req.params.file)?.[1];
    const chunk = number ? (await app.services.getSitemap()).chunks[Number(number) - 1] : undefined;
    if (!chunk) {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
      return;
    }
    sendXml(req, res, chunk, "application/xml");
  });
  router.get(RSS_FEED_PATH, async (req, res) => {
    sendXml(req, res, (await app.services.getFeeds()).rss, "application/rss+xml");
  });
  router.get(ATOM_FEED_PATH, async (req, res) => {
    sendXml(req, res, (await app.services.getFeeds()).atom, "application/atom+xml");
  });
  router.get(LLMS_TEXT_PATH, (_req, res) => {
    res
      .set("Cache-Control", "public, max-age=300")
      .type("text/plain")
      .send(app.services.getLlmsText());
  });
  return router;
}
