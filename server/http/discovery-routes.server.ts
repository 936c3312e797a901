import express from "express";
import { ROBOTS_PATH, SITEMAP_PATH } from "~/lib/paths";
import type { Application } from "../boot.server";

/** What search engines, feed readers and language models read: robots.txt, sitemaps, feeds. */
export function discoveryRoutes(_app: Application, appUrl: string): express.Router {
  const router = express.Router();
  router.get(ROBOTS_PATH, (_req, res) => {
    res
      .type("text/plain")
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${new URL(SITEMAP_PATH, appUrl).href}\n`);
  });
  return router;
}
