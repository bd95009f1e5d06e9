import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/page';
import { describeError } from '../../../lib/api';
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
