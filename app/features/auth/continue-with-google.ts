import { googleSignInUrl } from "~/client/auth/auth-client";
import { CHANNEL, POPUP_COMPLETE_PATH } from "./google-sign-in";

/** Opens Google's consent screen in a popup, or goes there when popups are blocked. */
export async function continueWithGoogle(): Promise<{ popup: Window | null }> {
  // Opened before any await, so the browser counts it as the click's own popup.
  const popup = window.open("about:blank", CHANNEL, "popup,width=480,height=680");
  const returnTo = popup ? POPUP_COMPLETE_PATH : `${location.pathname}${location.search}`;
  try {
    const url = await googleSignInUrl(returnTo);
    if (popup) popup.location.href = url;
    else location.assign(url);
    return { popup };
  } catch (error) {
    popup?.close();
    throw error;
  }
}
