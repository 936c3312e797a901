import { redirect, type AppLoadContext } from "react-router";

/**
 * Admin guard on the server. Every admin loader and action calls it: React Router can run
 * one route's loader alone, so the layout's check does not cover its pages.
 */
export async function requireAdmin(context: AppLoadContext) {
  const signedIn = await context.signedIn();
  if (!signedIn?.viewer.isAdmin) throw redirect("/");
  return signedIn.viewer;
}
