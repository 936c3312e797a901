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

/**
 * The resized WebP first, the original path as fallback, and a placeholder while
 * loading, on error and when there is no image. The placeholder is the box's background
 * (`tool-image` in app.css), so it shows through until the image has drawn over it and costs a
 * card no markup.
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

  const boxClass = `tool-image ${className ?? ""}`;
  if (!src) {
    const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return <div {...a11y} className={boxClass} />;
  }
  return (
    <div className={boxClass}>
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={isPriority ? "eager" : "lazy"}
        decoding="async"
        onError={() => setAttempt((current) => current + 1)}
      />
    </div>
  );
}
