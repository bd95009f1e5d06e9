import { useRef, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';

/** Read-only stars for a 1-5 rating. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`h-4 w-4 ${n <= rating ? 'fill-yellow-400 text-yellow-500' : 'text-bark-200'}`} />
      ))}
    </span>
  );
}

/** Radio-group stars for choosing a rating: one tab stop, arrow keys move the choice. */
export function StarInput({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = Math.min(5, Math.max(1, value + step));
    onChange(next);
    group.current?.querySelector<HTMLButtonElement>(`[data-star="${next}"]`)?.focus();
  };
  return (
    <div ref={group} role="radiogroup" aria-label="Rating" className="flex gap-1" onKeyDown={onKeyDown}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          data-star={n}
          tabIndex={value === n ? 0 : -1}
          aria-checked={value === n}
          aria-label={`${n} star${n === 1 ? '' : 's'}`}
          onClick={() => onChange(n)}
          className="rounded p-0.5 hover:bg-bark-100"
        >
          <Star aria-hidden="true" className={`h-6 w-6 ${n <= value ? 'fill-yellow-400 text-yellow-500' : 'text-bark-500'}`} />
        </button>
      ))}
    </div>
  );
}
