import { chartColors, shortDate, TimeSeriesChart } from '@client/components/charts/time-series-chart';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useGrowthSeries } from '../api';
import { ChartPair } from './upgrade-notice';

/** Admin dashboard: sign-ups per week by account type and the running total of accounts. */
export function GrowthChart() {
  const series = useGrowthSeries(true);
  const data = series.data;
  const buckets = data?.weeks.map((w) => `Week of ${shortDate(w.weekStart)}`) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-ups over time</CardTitle>
        <CardDescription>The last 12 weeks (UTC, starting Monday).</CardDescription>
      </CardHeader>
      <CardContent>
        <ChartPair series={series}>
          {(data) => (
            <>
              <TimeSeriesChart testId="chart-signups" title="New accounts per week" bucketHeading="Week" buckets={buckets}
                series={[
                  { key: 'businesses', label: 'Businesses', values: data.weeks.map((w) => w.newBusinesses), color: chartColors[0] },
                  { key: 'proStaff', label: 'Pro staff', values: data.weeks.map((w) => w.newProStaff), color: chartColors[1] },
                ]} />
              <TimeSeriesChart testId="chart-total-users" kind="line" title="Accounts at the end of each week" bucketHeading="Week" buckets={buckets}
                series={[{ key: 'total', label: 'Accounts', values: data.weeks.map((w) => w.totalUsers), color: chartColors[2] }]} />
            </>
          )}
        </ChartPair>
      </CardContent>
    </Card>
  );
}
