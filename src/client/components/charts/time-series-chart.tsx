import { useId } from 'react';

// A small hand-written SVG chart instead of a chart library: it renders the same markup on the server and in
// the browser (no measuring, no canvas), costs about 2 KiB gzipped and is imported only by the analytics
// screens, which are lazy route chunks. Why: docs/decisions/019-analytics-charts.md.

export type ChartSeries = {
  key: string;
  label: string;
  /** One value per bucket, in the same order as `buckets`. */
  values: number[];
  /** A CSS colour; every default below has at least 3:1 contrast on white (WCAG non-text contrast). */
  color: string;
};

export const chartColors = ['#2f5233', '#b84a14', '#1d4ed8', '#7e22ce'] as const;

type Props = {
  /** Visible title; also names the chart for assistive technology. */
  title: string;
  /** Bucket labels (e.g. "Nov 17"), oldest first. */
  buckets: string[];
  series: ChartSeries[];
  /** How a value is written (axis, tooltips, table, summary). */
  format?: (value: number) => string;
  /** Bars for a single count, lines to compare several series. */
  kind?: 'bar' | 'line';
  /** Heading of the bucket column in the data table. */
  bucketHeading?: string;
  testId?: string;
};

const plain = (value: number) => value.toLocaleString('en-US');

/**
 * The top of the axis: the smallest 1, 2, 4, 6 or 8 × 10^n at or above `value`, at least 2, so the axis and its
 * middle line read in round numbers (a count axis never shows 2.5).
 */
export function niceCeiling(value: number): number {
  if (!(value > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 6, 8]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** One sentence a screen reader can read instead of looking at the shape. */
export function summarize(title: string, buckets: string[], series: ChartSeries[], format: (value: number) => string): string {
  if (buckets.length === 0) return `${title}: no data.`;
  const range = `${buckets[0]} to ${buckets[buckets.length - 1]}`;
  const parts = series.map((s) => {
    const total = s.values.reduce((sum, v) => sum + v, 0);
    const peak = Math.max(...s.values);
    const at = s.values.indexOf(peak);
    const last = s.values[s.values.length - 1];
    return `${s.label}: total ${format(total)}, highest ${format(peak)} (${buckets[at]}), latest ${format(last)}`;
  });
  return `${title}, ${range}. ${parts.join('; ')}.`;
}

export function TimeSeriesChart({ title, buckets, series, format = plain, kind = 'bar', bucketHeading = 'Period', testId }: Props) {
  const id = useId();
  const max = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values)));
  const n = buckets.length;
  const summary = summarize(title, buckets, series, format);
  // Drawn in a 0..100 box stretched to the container; strokes keep their width (non-scaling-stroke).
  const y = (value: number) => 100 - (value / max) * 100;
  const slot = 100 / Math.max(1, n);
  const barGap = slot * 0.2;
  const barWidth = (slot - barGap) / Math.max(1, series.length);
  const tickLabels = [buckets[0], n > 2 ? buckets[Math.floor((n - 1) / 2)] : undefined, n > 1 ? buckets[n - 1] : undefined];

  return (
    <figure className="flex flex-col gap-2" aria-labelledby={`${id}-title`} data-testid={testId}>
      <figcaption id={`${id}-title`} className="text-sm font-semibold text-bark-900">{title}</figcaption>
      {series.length > 1 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-bark-700" aria-hidden="true">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="flex h-40 flex-col justify-between text-right text-xs tabular-nums text-bark-700" aria-hidden="true">
          <span>{format(max)}</span>
          <span>{format(max / 2)}</span>
          <span>{format(0)}</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          className="h-40 w-full overflow-visible border-b border-l border-bark-200"
          data-chart-kind={kind}
        >
          {[0, 50].map((tick) => (
            <line key={tick} x1="0" x2="100" y1={tick} y2={tick} stroke="#e6dccb" strokeDasharray="2 2" vectorEffect="non-scaling-stroke" />
          ))}
          {kind === 'bar'
            ? series.map((s, si) =>
                s.values.map((value, i) => (
                  <rect
                    key={`${s.key}-${i}`}
                    data-value={value}
                    x={i * slot + barGap / 2 + si * barWidth}
                    width={barWidth}
                    y={y(value)}
                    height={100 - y(value)}
                    fill={s.color}
                  >
                    <title>{`${buckets[i]}: ${s.label} ${format(value)}`}</title>
                  </rect>
                )),
              )
            : series.map((s) => (
                <polyline
                  key={s.key}
                  data-series={s.key}
                  points={s.values.map((value, i) => `${i * slot + slot / 2},${y(value)}`).join(' ')}
                  fill="none"
                  stroke={s.color}
                  strokeWidth="2"
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
        </svg>
        <div />
        <div className="mt-1 flex justify-between gap-2 text-xs text-bark-700" aria-hidden="true">
          {tickLabels.map((label, i) => <span key={i}>{label ?? ''}</span>)}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-forest-700 hover:underline">Show the numbers</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-bark-200 text-bark-700">
                <th scope="col" className="py-1 pr-3 font-medium">{bucketHeading}</th>
                {series.map((s) => <th key={s.key} scope="col" className="py-1 pr-3 text-right font-medium">{s.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket, i) => (
                <tr key={bucket} className="border-b border-bark-100">
                  <th scope="row" className="py-1 pr-3 font-normal">{bucket}</th>
                  {series.map((s) => <td key={s.key} className="py-1 pr-3 text-right tabular-nums">{format(s.values[i] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** "2026-11-16" → "Nov 16", read as a UTC date so no time zone shifts it a day. */
export function shortDate(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
