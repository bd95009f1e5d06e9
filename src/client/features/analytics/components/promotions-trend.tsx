import { useState } from 'react';
import { formatCents } from '@shared/format';
import { chartColors, shortDate, TimeSeriesChart } from '@client/components/charts/time-series-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { usePromotionsSeries } from '../api';
import { RangePicker, ChartPair } from './upgrade-notice';

const ranges = [14, 30, 90] as const;
type Range = (typeof ranges)[number];

/** Promotions page, Analytics tab: all promotions added up per day. */
export function PromotionsTrend() {
  const [days, setDays] = useState<Range>(30);
  const series = usePromotionsSeries(days);
  const data = series.data;
  const buckets = data?.days.map((d) => shortDate(d.day)) ?? [];
  return (
    <Card className="mt-6">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Per day</CardTitle>
          <CardDescription>All your promotions added up, per UTC day.</CardDescription>
        </div>
        <RangePicker label="Days shown" options={ranges} value={days} onChange={setDays} unit="days" />
      </CardHeader>
      <CardContent>
        <ChartPair series={series}>
          {(data) => (
            <>
              <TimeSeriesChart testId="chart-promotion-reach" kind="line" title="Impressions and clicks per day" bucketHeading="Day" buckets={buckets}
                series={[
                  { key: 'impressions', label: 'Impressions', values: data.days.map((d) => d.impressions), color: chartColors[2] },
                  { key: 'clicks', label: 'Clicks', values: data.days.map((d) => d.clicks), color: chartColors[1] },
                ]} />
              <TimeSeriesChart testId="chart-promotion-spend" title="Spend per day (USD)" bucketHeading="Day" buckets={buckets} format={formatCents}
                series={[{ key: 'spend', label: 'Spend', values: data.days.map((d) => d.spentCents), color: chartColors[0] }]} />
            </>
          )}
        </ChartPair>
      </CardContent>
    </Card>
  );
}
