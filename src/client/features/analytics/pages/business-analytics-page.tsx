import { useState } from 'react';
import { Link } from 'react-router';
import { chartColors, shortDate, TimeSeriesChart } from '@client/components/charts/time-series-chart';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { useBusinessSeries } from '../api';
import { currencyName, moneyFormatter } from '../format';
import { RangePicker, SeriesError } from '../components/upgrade-notice';

const ranges = [4, 12, 26, 52] as const;
type Range = (typeof ranges)[number];

/** Weekly trends for a business on a plan with analytics (issue 18, item 8). */
export default function BusinessAnalyticsPage() {
  return (
    <RequireLogin message="Please log in to see your analytics.">
      {(user) =>
        user.userType !== 'business' ? (
          <Notice title="Access restricted to business accounts." />
        ) : user.businessId === null ? (
          <Notice title="Please complete your business profile first." action={<Button asChild><Link to="/profile">Complete Profile</Link></Button>} />
        ) : (
          <BusinessAnalytics />
        )
      }
    </RequireLogin>
  );
}

function BusinessAnalytics() {
  const [weeks, setWeeks] = useState<Range>(12);
  const series = useBusinessSeries(weeks);
  const data = series.data;
  const buckets = data?.weeks.map((w) => `Week of ${shortDate(w.weekStart)}`) ?? [];
  const values = (pick: (w: NonNullable<typeof data>['weeks'][number]) => number) => data?.weeks.map(pick) ?? [];

  return (
    <Page
      title="Business Analytics"
      description="Weekly activity, in UTC weeks starting on Monday."
      actions={<RangePicker label="Weeks shown" options={ranges} value={weeks} onChange={setWeeks} unit="weeks" />}
    >
      {series.isError ? (
        <SeriesError error={series.error} />
      ) : !data ? (
        <div className="grid gap-6 md:grid-cols-2" role="status" aria-busy="true" aria-label="Loading analytics">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-64" />)}
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader><CardTitle>Profile views</CardTitle><CardDescription>Times others opened your business profile.</CardDescription></CardHeader>
              <CardContent>
                <TimeSeriesChart testId="chart-profile-views" title="Profile views per week" bucketHeading="Week" buckets={buckets}
                  series={[{ key: 'views', label: 'Profile views', values: values((w) => w.profileViews), color: chartColors[0] }]} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader><CardTitle>Applications</CardTitle><CardDescription>Applications to your job postings.</CardDescription></CardHeader>
              <CardContent>
                <TimeSeriesChart testId="chart-applications" title="Applications per week" bucketHeading="Week" buckets={buckets}
                  series={[{ key: 'applications', label: 'Applications', values: values((w) => w.applications), color: chartColors[0] }]} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader><CardTitle>Messages</CardTitle><CardDescription>Direct and mass messages, received and sent.</CardDescription></CardHeader>
              <CardContent>
                <TimeSeriesChart testId="chart-messages" kind="line" title="Messages per week" bucketHeading="Week" buckets={buckets}
                  series={[
                    { key: 'received', label: 'Received', values: values((w) => w.messagesReceived), color: chartColors[0] },
                    { key: 'sent', label: 'Sent', values: values((w) => w.messagesSent), color: chartColors[1] },
                  ]} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader><CardTitle>Discount code uses</CardTitle><CardDescription>Store orders placed with one of your codes.</CardDescription></CardHeader>
              <CardContent>
                <TimeSeriesChart testId="chart-code-uses" title="Code uses per week" bucketHeading="Week" buckets={buckets}
                  series={[{ key: 'codeUses', label: 'Code uses', values: values((w) => w.codeUses), color: chartColors[0] }]} />
              </CardContent>
            </Card>
          </div>
          <section aria-labelledby="money-heading" className="flex flex-col gap-4">
            <div>
              <h2 id="money-heading" className="text-xl font-semibold">Attributed revenue and commissions</h2>
              <p className="text-sm text-bark-700">Orders that used one of your codes, and the commissions they earned, one chart per currency (currencies are never added together).</p>
            </div>
            {data.money.length === 0 ? (
              <p className="text-sm text-bark-700">No attributed orders in these weeks. <Link className="text-forest-700 underline" to="/store-integration">Connect a store</Link> to track them.</p>
            ) : (
              <div className="grid gap-6 md:grid-cols-2">
                {data.money.map((money) => {
                  const format = moneyFormatter(money.currency);
                  return (
                    <Card key={money.currency ?? 'none'}>
                      <CardHeader><CardTitle>{currencyName(money.currency)}</CardTitle></CardHeader>
                      <CardContent>
                        <TimeSeriesChart testId={`chart-money-${money.currency ?? 'none'}`} kind="line" format={format} bucketHeading="Week"
                          title={`Revenue and commissions per week (${currencyName(money.currency)})`}
                          buckets={money.weeks.map((w) => `Week of ${shortDate(w.weekStart)}`)}
                          series={[
                            { key: 'revenue', label: 'Attributed revenue', values: money.weeks.map((w) => w.revenueCents), color: chartColors[0] },
                            { key: 'commission', label: 'Commissions', values: money.weeks.map((w) => w.commissionCents), color: chartColors[1] },
                          ]} />
                      </CardContent>
                    </Card>
                  );
                })}
              </div>
            )}
          </section>
        </div>
      )}
    </Page>
  );
}
