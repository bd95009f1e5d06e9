import type { AdminAnalytics, PlatformStats, RecentUser } from '@shared/contracts/admin';
import { plans } from '@shared/plans';
import { formatCents } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatCount, formatPercent } from './stat-card';

const planName = (userType: 'business' | 'pro_staff', tier: string) =>
  plans.find((plan) => plan.userType === userType && plan.id === tier)?.name ?? tier;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="text-bark-700">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

export function GrowthPanel({ data }: { data: AdminAnalytics }) {
  return (
    <Card>
      <CardHeader><CardTitle>Growth</CardTitle></CardHeader>
      <CardContent>
        <dl className="divide-y divide-bark-100">
          <Row label="Weekly growth (new accounts, 7 days)" value={formatPercent(data.weeklyGrowth)} />
          <Row label="Monthly growth (new accounts, 30 days)" value={formatPercent(data.monthlyGrowth)} />
          <Row label="Business growth (30 days)" value={formatPercent(data.businessGrowthRate)} />
          <Row label="Pro staff growth (30 days)" value={formatPercent(data.proStaffGrowthRate)} />
          <Row label="30-day retention" value={formatPercent(data.retentionRate)} />
          <Row label="Average reply time" value={data.averageResponseTime === null ? '—' : `${data.averageResponseTime} min`} />
        </dl>
      </CardContent>
    </Card>
  );
}

export function SubscriptionsPanel({ data }: { data: AdminAnalytics }) {
  const statuses = Object.entries(data.subscriptionStatuses);
  return (
    <Card>
      <CardHeader><CardTitle>Subscriptions</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <h4 className="text-sm font-semibold">Business plans</h4>
          <dl className="divide-y divide-bark-100">
            {Object.entries(data.subscriptions.business).map(([tier, n]) => <Row key={tier} label={planName('business', tier)} value={formatCount(n)} />)}
          </dl>
        </div>
        <div>
          <h4 className="text-sm font-semibold">Pro staff plans</h4>
          <dl className="divide-y divide-bark-100">
            {Object.entries(data.subscriptions.proStaff).map(([tier, n]) => <Row key={tier} label={planName('pro_staff', tier)} value={formatCount(n)} />)}
          </dl>
        </div>
        <div className="flex flex-wrap gap-2">
          {statuses.length === 0 ? (
            <p className="text-sm text-bark-700">No Stripe subscriptions yet.</p>
          ) : (
            statuses.map(([status, n]) => <Badge key={status} tone="outline">{status.replace('_', ' ')}: {n}</Badge>)
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function EngagementPanel({ data }: { data: AdminAnalytics }) {
  return (
    <Card>
      <CardHeader><CardTitle>Top business and pages</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data.topBusiness ? (
          <div>
            <h4 className="text-sm font-semibold">{data.topBusiness.companyName}</h4>
            <dl className="divide-y divide-bark-100">
              <Row label="Job postings" value={formatCount(data.topBusiness.jobPostings)} />
              <Row label="Applications received" value={formatCount(data.topBusiness.applications)} />
              <Row label="Messages sent" value={formatCount(data.topBusiness.messages)} />
            </dl>
          </div>
        ) : (
          <p className="text-sm text-bark-700">No business profiles yet.</p>
        )}
        <div>
          <h4 className="text-sm font-semibold">Most viewed pages (7 days)</h4>
          {data.topPages.length === 0 ? (
            <p className="text-sm text-bark-700">No page views yet.</p>
          ) : (
            <dl className="divide-y divide-bark-100">
              {data.topPages.map((page) => <Row key={page.path} label={page.path} value={formatCount(page.views)} />)}
            </dl>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function RecentUsersPanel({ users }: { users: RecentUser[] | undefined }) {
  return (
    <Card>
      <CardHeader><CardTitle>Recent Registrations</CardTitle></CardHeader>
      <CardContent className="overflow-x-auto">
        {!users ? (
          <p className="text-sm text-bark-700">Loading...</p>
        ) : users.length === 0 ? (
          <p className="text-sm text-bark-700">No registrations yet.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-bark-200 text-left text-bark-700">
                <th scope="col" className="py-2 pr-3 font-medium">Email</th>
                <th scope="col" className="py-2 pr-3 font-medium">Type</th>
                <th scope="col" className="py-2 pr-3 font-medium">Plan</th>
                <th scope="col" className="py-2 font-medium">Joined</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.id} className="border-b border-bark-100 last:border-0">
                  <td className="py-2 pr-3 break-all">{user.email}</td>
                  <td className="py-2 pr-3"><Badge tone={user.userType === 'business' ? 'green' : 'blue'}>{user.userType === 'business' ? 'Business' : 'Pro Staff'}</Badge></td>
                  <td className="py-2 pr-3">{planName(user.userType, user.subscriptionTier)}</td>
                  <td className="py-2 whitespace-nowrap">{new Date(user.createdAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
}

export function PlatformHealthPanel({ stats, revenue }: { stats: PlatformStats | undefined; revenue: AdminAnalytics | undefined }) {
  return (
    <Card>
      <CardHeader><CardTitle>Platform Health</CardTitle></CardHeader>
      <CardContent>
        {!stats ? (
          <p className="text-sm text-bark-700">Loading...</p>
        ) : (
          <dl className="divide-y divide-bark-100">
            <Row label="Database" value={`${stats.database.ok ? 'OK' : 'Unreachable'} (${stats.database.kind}, ${stats.database.latencyMs} ms)`} />
            <Row label="Server up for" value={formatDuration(stats.serverUptimeSeconds)} />
            <Row label="Memory" value={`${stats.memoryRssMb} MB`} />
            <Row label="Card payments" value={stats.payments.stripeConfigured ? 'Configured' : 'Not configured'} />
            <Row label="Stripe webhooks (24 h)" value={stats.payments.webhooksConfigured ? formatCount(stats.payments.webhooksLast24h) : 'Not configured'} />
            {revenue && <Row label="Recurring revenue" value={`${formatCents(revenue.recurringRevenue)} / month`} />}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
