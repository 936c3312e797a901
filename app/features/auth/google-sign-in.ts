// Google popup sign-in: the consent screen opens in a popup whose last page (our
// /auth/popup-complete) reports back over a BroadcastChannel; where popups are blocked the whole
// page goes to Google and comes back. Every page listens (onPopupResult); the sign-in itself
// (continue-with-google.ts) loads with the dialog.

/** The channel the popup reports on, and the popup window's name. */
export const CHANNEL = "google-sign-in";
export const POPUP_COMPLETE_PATH = "/auth/popup-complete";

export type PopupResult = { ok: true } | { ok: false };

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
