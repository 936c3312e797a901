import { Dialog } from "~/components/dialog";
import type { ConsentValue } from "~/lib/constants";
import { equalChoice } from "./equal-choice";

interface ConsentDialogProps {
  isOpen: boolean;
  consent: ConsentValue;
  isGpcOn: boolean;
  onChoose: (value: ConsentValue) => void;
  onClose: () => void;
}

/** The cookie preferences dialog; loaded the first time someone asks for it (ConsentHost). */
export default function ConsentDialog({
  isOpen,
  consent,
  isGpcOn,
  onChoose,
  onClose,
}: ConsentDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Cookie preferences">
      <p className="text-sm text-slate-600">
        We use analytics only with your permission, to learn which pages and tools are useful.
        Storage needed for security and sign-in is always on.
      </p>
      {isGpcOn && (
        <p className="mt-3 text-sm text-slate-600">
          Your browser sends a Global Privacy Control signal, so analytics stays off.
        </p>
      )}
      <p className="mt-3 text-sm font-medium text-slate-900">
        Analytics is currently {consent === "granted" ? "allowed" : "not allowed"}.
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => onChoose("granted")}
          disabled={isGpcOn}
          className={equalChoice}
        >
          Allow analytics
        </button>
        <button type="button" onClick={() => onChoose("denied")} className={equalChoice}>
          Decline analytics
        </button>
      </div>
    </Dialog>
  );
}
