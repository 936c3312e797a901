import { useRef } from "react";
import { useFileDrop } from "./use-file-drop";

interface FileDropZoneProps {
  /** The file chosen so far, shown with its size. */
  file: File | null;
  onFile: (file: File | undefined) => void;
  /** While a run is going, nothing can be dropped or chosen. */
  isDisabled: boolean;
  /** What the zone says before a file is chosen. */
  prompt: string;
  chooseLabel: string;
  chooseAnotherLabel: string;
  /** The file input's accept list and accessible name. */
  accept: string;
  inputLabel: string;
  /** Buttons beside the file chooser. */
  children?: React.ReactNode;
}

/** A dashed zone to drop one file on, or to choose it with a button (the file input is hidden). */
export function FileDropZone({
  file,
  onFile,
  isDisabled,
  prompt,
  chooseLabel,
  chooseAnotherLabel,
  accept,
  inputLabel,
  children,
}: FileDropZoneProps) {
  const picker = useRef<HTMLInputElement>(null);
  const { isDragging, dropHandlers } = useFileDrop(onFile, isDisabled);
  return (
    <div
      {...dropHandlers}
      className={`flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center ${isDragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-white"}`}
    >
      <p className="text-slate-700">
        {file ? (
          <>
            <strong className="break-all">{file.name}</strong> ({formatBytes(file.size)})
          </>
        ) : (
          prompt
        )}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          disabled={isDisabled}
          onClick={() => picker.current?.click()}
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          {file ? chooseAnotherLabel : chooseLabel}
        </button>
        {children}
      </div>
      <input
        ref={picker}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
    </div>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
