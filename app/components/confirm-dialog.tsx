import { useEffect, useRef } from "react";
import { Dialog } from "./dialog";

interface ConfirmDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in the reader's words. */
  children: React.ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
}

/** Asks before something that cannot be taken back: a way out, and the action in red. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    isOpen,
    onClose,
    title,
    children,
    confirmLabel,
    cancelLabel = "Cancel",
    onConfirm,
  } = props;
  const keep = useRef<HTMLButtonElement>(null);
  // The way out takes the focus (the dialog has opened in the effect before this one): the Enter
  // or key repeat that opened the dialog must not confirm what cannot be taken back.
  useEffect(() => {
    if (isOpen) keep.current?.focus();
  }, [isOpen]);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <p className="text-slate-700">{children}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          ref={keep}
          type="button"
          onClick={onClose}
          className="rounded-lg px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
