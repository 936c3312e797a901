interface StarRatingProps {
  rating: number;
  className?: string;
}

/** Five stars filled to the rating (0 to 5), with the number for screen readers and sighted users. */
export function StarRating({ rating, className }: StarRatingProps) {
  const clamped = Math.max(0, Math.min(5, rating));
  const percent = (clamped / 5) * 100;
  const label = clamped > 0 ? `Rated ${clamped.toFixed(1)} out of 5` : "Not rated yet";
  return (
    <span className={`inline-flex items-center gap-1.5 ${className ?? ""}`}>
      <span
        role="img"
        aria-label={label}
        className="relative inline-block text-sm leading-none tracking-[0.1em]"
      >
        <span aria-hidden="true" className="text-slate-300">
          ★★★★★
        </span>
        <span
          aria-hidden="true"
          className="absolute inset-0 overflow-hidden text-amber-500"
          style={{ width: `${percent}%` }}
        >
          ★★★★★
        </span>
      </span>
      <span aria-hidden="true" className="text-sm text-slate-600">
        {clamped > 0 ? clamped.toFixed(1) : "Not rated"}
      </span>
    </span>
  );
}
