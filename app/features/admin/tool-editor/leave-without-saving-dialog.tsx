import type { Blocker } from "react-router";
import { Dialog } from "~/components/dialog";

export function LeaveWithoutSavingDialog({ blocker }: { blocker: Blocker }) {
  return (
    <Dialog
      isOpen={blocker.state === "blocked"}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
    >
      <p className="text-slate-700">Your changes to this tool are not saved and will be lost.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={() => blocker.reset?.()}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          Stay on this page
        </button>
        <button
          type="button"
          onClick={() => blocker.proceed?.()}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          Leave and lose changes
        </button>
      </div>
    </Dialog>
  );
}
