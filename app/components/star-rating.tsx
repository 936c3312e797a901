interface StarRatingProps {
  rating: number;
  className?: string;
}

/** Five stars filled to the rating (0 to 5), with the number for screen readers and sighted users. */
export function StarRating({ rating, className }: StarRatingProps) {
  const clamped = Math.max(0, Math.min(5, rating));
  const percent = (clamped / 5) * 100;
  const label = clamped > 0 ? `Rated ${clamped.toFixed(1)} out of 5` : "Not rated yet";
  // The stars are drawn by app.css (`star-rating`), the filled ones cut to the rating's width.
  return (
    <span className={className ? `rating ${className}` : "rating"}>
      <span
        role="img"
        aria-label={label}
        className="star-rating"
        style={{ "--rating": `${percent}%` } as React.CSSProperties}
      />
      <span aria-hidden="true">{clamped > 0 ? clamped.toFixed(1) : "Not rated"}</span>
    </span>
  );
}
