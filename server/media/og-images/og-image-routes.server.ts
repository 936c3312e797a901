import express from "express";
import type { Application } from "../../boot.server";

/** /og: the generated Open Graph images (app/lib/og-image.ts), made with sharp and cached. */
export function ogImageRoutes(_app: Application): express.Router {
  return express.Router();
}
