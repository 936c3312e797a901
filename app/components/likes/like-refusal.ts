import { INLINE_ERROR_CLEAR_MS, LIKE_ERROR_TOAST_MS } from "~/lib/constants";
import { LIKE_INVALID, LIKE_NEEDS_VERIFIED_EMAIL } from "~/lib/messages";
import type { Viewer } from "~/lib/profile";
import type { ToastOptions } from "../toast";

/** Why a click on a heart sends no like, or null when it may be sent. */
type LikeRefusal = { kind: "sign-in" } | { kind: "toast"; toast: ToastOptions };

export function likeRefusalOf(
  viewer: Pick<Viewer, "id" | "emailVerified"> | null,
  toolId: string,
): LikeRefusal | null {
  if (!viewer) return { kind: "sign-in" };
  if (!viewer.id || !toolId) {
    return {
      kind: "toast",
      toast: { message: LIKE_INVALID, tone: "error", durationMs: LIKE_ERROR_TOAST_MS },
    };
  }
  if (!viewer.emailVerified) {
    return {
      kind: "toast",
      toast: {
        message: LIKE_NEEDS_VERIFIED_EMAIL,
        action: { label: "Verify email", href: "/verify-email" },
        durationMs: INLINE_ERROR_CLEAR_MS,
      },
    };
  }
  return null;
}
