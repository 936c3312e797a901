// spec 7 Google popup sign-in: the consent screen opens in a popup whose last page (our
// /auth/popup-complete) reports back over a BroadcastChannel; where popups are blocked the whole
// page goes to Google and comes back.

const CHANNEL = "google-sign-in";
export const POPUP_COMPLETE_PATH = "/auth/popup-complete";

export type PopupResult = { ok: true } | { ok: false };

export async function continueWithGoogle(): Promise<{ popup: Window | null }> {
  // Opened before any await, so the browser counts it as the click's own popup.
  const popup = window.open("about:blank", CHANNEL, "popup,width=480,height=680");
  const returnTo = popup ? POPUP_COMPLETE_PATH : `${location.pathname}${location.search}`;
  try {
    // Loaded here, not with the module: every page hears the popup's result (onPopupResult).
    const { googleSignInUrl } = await import("~/lib/auth/auth-client");
    const url = await googleSignInUrl(returnTo);
    if (popup) popup.location.href = url;
    else location.assign(url);
    return { popup };
  } catch (error) {
    popup?.close();
    throw error;
  }
}

/** Calls back with what the popup reported; returns the unsubscribe. */
export function onPopupResult(callback: (result: PopupResult) => void): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<PopupResult>) => callback(event.data);
  return () => channel.close();
}

export function reportPopupResult(result: PopupResult) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(result);
  channel.close();
}
