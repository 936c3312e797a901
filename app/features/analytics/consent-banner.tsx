import { useRef } from "react";
import { useReserveRoomBelowPage } from "~/components/bottom-room";
import { equalChoice } from "./equal-choice";
import { CloseIcon } from "~/components/close-icon";

interface ConsentBannerProps {
  onAccept: () => void;
  onReject: () => void;
  onChoose: () => void;
}

/**
 * The first-visit question, fixed at the bottom but not modal: the page stays usable and the
 * keyboard moves in and out of it freely. Closing it rejects analytics. Loaded only on a first
 * visit (ConsentHost).
 */
export default function ConsentBanner({ onAccept, onReject, onChoose }: ConsentBannerProps) {
  const ref = useRef<HTMLElement>(null);
  useReserveRoomBelowPage(ref, "--consent-bar-height");
  return (
    <section
      ref={ref}
      aria-label="Analytics consent"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white px-4 py-4 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] sm:px-6"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 pr-8 text-sm text-slate-700 sm:pr-0">
          May we count page and tool views to learn what is useful? Analytics stays off unless you
          accept.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={onAccept} className={equalChoice}>
            Accept
          </button>
          <button type="button" onClick={onReject} className={equalChoice}>
            Reject
          </button>
          <button
            type="button"
            onClick={onChoose}
            className="px-2 py-2 text-sm font-medium text-slate-700 underline hover:text-slate-950"
          >
            Choose
          </button>
        </div>
        <button
          type="button"
          onClick={onReject}
          aria-label="Close and reject analytics"
          className="absolute top-2 right-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 sm:static"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
    </section>
  );
}
