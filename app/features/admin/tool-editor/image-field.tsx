import { useId, useRef, useState } from "react";
import { describedBy, FieldNotes, Spinner } from "~/components/form-controls";
import { imageUrlCandidates } from "~/lib/image-path";
import { storeToolImage } from "~/client/api/admin-client";
import { useFileDrop } from "../use-file-drop";

const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp"];
/** The server's cap (tool-images.server.ts), checked here first to answer at once. */
const MAX_BYTES = 8 * 1024 * 1024;

interface ImageFieldProps {
  label: string;
  /** The stored path ("uploads/ab12.webp"), an http(s) address, or "" for none. */
  value: string;
  onValue: (path: string) => void;
  /** Which of the sizes the preview shows. */
  previewSize: "small" | "medium";
  error?: string;
  hint: string;
}

/** An image upload by file choice or drag and drop; the server makes the WebP sizes. */
export function ImageField({ label, value, onValue, previewSize, error, hint }: ImageFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const { isDragging, dropHandlers } = useFileDrop((file) => void upload(file), isUploading);

  async function upload(file: File | undefined) {
    if (!file || isUploading) return;
    setProblem(null);
    if (!ACCEPTED_TYPES.includes(file.type)) {
      setProblem(`"${file.name}" is not a JPEG, PNG or WebP image.`);
      return;
    }
    if (file.size > MAX_BYTES) {
      setProblem(`"${file.name}" is larger than 8 MB.`);
      return;
    }
    setIsUploading(true);
    try {
      const { path } = await storeToolImage(file);
      onValue(path);
    } catch (failure) {
      setProblem(
        `"${file.name}": ${failure instanceof Error ? failure.message : "The upload failed."}`,
      );
    } finally {
      setIsUploading(false);
      if (input.current) input.current.value = "";
    }
  }

  const preview = imageUrlCandidates(value, previewSize)[0];
  return (
    <div>
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
      </p>
      <div
        {...dropHandlers}
        className={`mt-1 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-4 text-center ${isDragging ? "border-brand-500 bg-brand-50" : "border-slate-300"}`}
      >
        <div className="flex h-32 w-full max-w-64 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
          {isUploading ? (
            <Spinner className="size-6 text-brand-700" />
          ) : preview ? (
            <img src={preview} alt={`${label} preview`} className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-slate-600">No image</span>
          )}
        </div>
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            {isUploading ? (
              "Uploading and making the sizes..."
            ) : (
              <>
                <span className="hidden sm:inline">
                  Drop a JPEG, PNG or WebP here (up to 8 MB), or
                </span>
                <span className="sm:hidden">A JPEG, PNG or WebP, up to 8 MB.</span>
              </>
            )}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <button
              type="button"
              disabled={isUploading}
              onClick={() => input.current?.click()}
              aria-describedby={`${id}-label ${describedBy(id, hint, shown)}`}
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50"
            >
              {value ? "Replace image" : "Choose image"}
            </button>
            {value && (
              <button
                type="button"
                disabled={isUploading}
                onClick={() => onValue("")}
                className="rounded-lg px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
              >
                Remove image
              </button>
            )}
          </div>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-label={`${label} file`}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </div>
      </div>
      <FieldNotes id={id} hint={hint} error={shown} isAlert />
    </div>
  );
}
