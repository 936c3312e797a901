import type express from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { SignedIn } from "../auth/viewer.server";
import type { Application } from "../boot.server";
import { AppError } from "../errors.server";

/** The signed-in person of a request, read once per request. */
export function signedInOf(app: Application, req: express.Request): Promise<SignedIn | null> {
  const cached = (req as { signedIn?: Promise<SignedIn | null> }).signedIn;
  if (cached) return cached;
  const reading = app.readSignedIn(fromNodeHeaders(req.headers));
  (req as { signedIn?: Promise<SignedIn | null> }).signedIn = reading;
  return reading;
}

export async function requireSignedIn(app: Application, req: express.Request): Promise<SignedIn> {
  const signedIn = await signedInOf(app, req);
  if (!signedIn) throw new AppError("UNAUTHORIZED", "Sign in first.");
  return signedIn;
}
