import { useOpenConsentPreferences } from "./consent-host";

/** The footer's opener of the cookie preferences; the dialog is ConsentHost's. */
export function ConsentPreferences() {
  const open = useOpenConsentPreferences();
  return (
    <button
      type="button"
      onClick={open}
      className="inline-block py-1.5 text-slate-700 hover:text-slate-950 hover:underline"
    >
      Cookie preferences
    </button>
  );
}
