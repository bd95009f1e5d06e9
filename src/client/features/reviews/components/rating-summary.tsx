import type { RatingSummary as Summary } from '@shared/contracts/reviews';
import { StarRating } from './star-rating';

/** The average rating and how many reviews gave each star count. */
export function RatingSummary({ summary }: { summary: Summary }) {
  if (summary.count === 0) return null;
  const average = summary.average ?? 0;
  return (
    <section aria-label="Rating summary" className="mb-6 flex flex-col gap-4 rounded-xl border border-bark-200 bg-white p-5 sm:flex-row sm:items-center sm:gap-8">
      <div className="shrink-0 text-center sm:text-left">
        <p className="text-4xl font-bold text-bark-900" data-testid="average-rating">{average.toFixed(1)}</p>
        <StarRating rating={Math.round(average)} />
        <p className="mt-1 text-sm text-bark-700">{summary.count} review{summary.count === 1 ? '' : 's'}</p>
      </div>
      <ul className="flex min-w-0 flex-1 flex-col gap-1" aria-label="Rating distribution">
        {(['5', '4', '3', '2', '1'] as const).map((stars) => {
          const n = summary.distribution[stars];
          const percent = Math.round((n / summary.count) * 100);
          return (
            <li key={stars} className="flex items-center gap-2 text-sm" data-testid={`distribution-${stars}`}>
              <span className="w-12 shrink-0 text-bark-700">{stars} star</span>
              <span className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-bark-100" aria-hidden="true">
                <span className="block h-full rounded-full bg-yellow-400" style={{ width: `${percent}%` }} />
              </span>
              <span className="w-16 shrink-0 text-right text-bark-700">{n} ({percent}%)</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
