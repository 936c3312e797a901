import { useEffect, useRef, useState } from "react";
import { imageUrlCandidates, type ImageSize } from "~/lib/image-path";

interface ToolImageProps {
  path: string;
  size: ImageSize;
  alt: string;
  className?: string;
  width: number;
  height: number;
  isPriority?: boolean;
}

function Placeholder({ label }: { label: string }) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <div
      {...a11y}
      className="flex size-full items-center justify-center bg-gradient-to-br from-brand-50 to-slate-200 text-brand-700/50"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-10"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
      >
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <circle cx="9" cy="10" r="2" />
        <path d="M21 16l-5-5-8 9" />
      </svg>
    </div>
  );
}

/**
 * spec 2 and 5: the resized WebP first, the original path as fallback, and a placeholder while
 * loading, on error and when there is no image.
 */
export function ToolImage({
  path,
  size,
  alt,
  className,
  width,
  height,
  isPriority,
}: ToolImageProps) {
  const candidates = imageUrlCandidates(path, size);
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const src = candidates[attempt];

  // An image that failed before hydration fired its error before React listened.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setAttempt((current) => current + 1);
  }, [src]);

  if (!src) {
    return (
      <div className={className}>
        <Placeholder label={alt} />
      </div>
    );
  }
  return (
    <div className={`relative overflow-hidden ${className ?? ""}`}>
      {/* Shows through until the image has drawn over it. */}
      <div className="absolute inset-0">
        <Placeholder label="" />
      </div>
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={isPriority ? "eager" : "lazy"}
        decoding="async"
        onError={() => setAttempt((current) => current + 1)}
        className="relative size-full object-cover"
      />
    </div>
  );
}
