import { useState } from "react";
import { Dialog } from "~/components/dialog";
import { ANALYTICS_CONSENT_KEY, type ConsentValue } from "~/lib/constants";

function readConsent(): ConsentValue {
  try {
    return window.localStorage.getItem(ANALYTICS_CONSENT_KEY) === "granted" ? "granted" : "denied";
  } catch {
    return "denied";
  }
}

/** spec 4 Analytics consent: denied by default, granted only when stored so; changeable here. */
export function ConsentPreferences() {
  const [isOpen, setIsOpen] = useState(false);
  const [consent, setConsent] = useState<ConsentValue>("denied");

  const open = () => {
    setConsent(readConsent());
    setIsOpen(true);
  };

  const save = (value: ConsentValue) => {
    setConsent(value);
    try {
      window.localStorage.setItem(ANALYTICS_CONSENT_KEY, value);
    } catch {
      // Storage can be blocked; the choice then lasts for this page only.
    }
    setIsOpen(false);
  };

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="inline-block py-1.5 text-slate-700 hover:text-slate-950 hover:underline"
      >
        Cookie preferences
      </button>
      <Dialog isOpen={isOpen} onClose={() => setIsOpen(false)} title="Cookie preferences">
        <p className="text-sm text-slate-600">
          We use analytics only with your permission, to learn which pages and tools are useful.
          Cookies needed for security and sign-in are always on.
        </p>
        <p className="mt-3 text-sm font-medium text-slate-900">
          Analytics is currently {consent === "granted" ? "allowed" : "not allowed"}.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => save("granted")}
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
          >
            Allow analytics
          </button>
          <button
            type="button"
            onClick={() => save("denied")}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Decline analytics
          </button>
        </div>
      </Dialog>
    </>
  );
}
