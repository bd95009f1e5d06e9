import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Notice } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { isPlanFeatureRefusal } from '../api';

/** What to show when a series could not be loaded: an upgrade link for plans without analytics, else the error. */
export function SeriesError({ error }: { error: unknown }) {
  if (isPlanFeatureRefusal(error)) {
    return (
      <Notice title="Analytics are not part of your plan" action={<Button asChild><Link to="/subscription">See plans</Link></Button>}>
        {describeError(error)}
      </Notice>
    );
  }
  return <p role="alert" className="text-sm text-red-700">{describeError(error)}</p>;
}

/** A pair of charts once the series has loaded; its error, or a skeleton, until then. */
export function ChartPair<T>({ series, children }: { series: { isError: boolean; error: unknown; data: T | undefined }; children: (data: T) => ReactNode }) {
  if (series.isError) return <SeriesError error={series.error} />;
  if (!series.data) return <Skeleton className="h-56" />;
  return <div className="grid gap-6 md:grid-cols-2">{children(series.data)}</div>;
}

export function RangePicker<T extends number>({ label, options, value, onChange, unit }: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  unit: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex gap-1 rounded-lg bg-bark-100 p-1">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={
            value === option
              ? 'rounded-md bg-white px-3 py-1 text-sm font-medium text-forest-800 shadow-sm'
              : 'rounded-md px-3 py-1 text-sm font-medium text-bark-700 hover:text-bark-900'
          }
        >
          {option} {unit}
        </button>
      ))}
    </div>
  );
}
