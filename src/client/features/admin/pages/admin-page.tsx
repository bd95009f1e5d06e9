import { Navigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, Briefcase, DollarSign, Eye, FileText, MessageSquare, RefreshCw, Star, UserCheck, Users } from 'lucide-react';
import { formatCents } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { adminKey, useAdminAnalytics, usePlatformStats, useRecentUsers } from '../api';
import { formatCount, formatPercent, StatCard } from '../components/stat-card';
import { GrowthChart } from '@client/features/analytics';
import { CredentialQueuePanel } from '@client/features/credentials';
import { RefundsPanel } from '@client/features/billing';
import { DemoRequestsPanel } from '../components/demo-requests-panel';
import { CoachingQueuePanel } from '@client/features/coaching';
import { AccountManagersPanel, SupportTicketsPanel } from '@client/features/support';
import { BackgroundTasksPanel } from '../components/background-tasks-panel';
import { ReconciliationPanel } from '../components/reconciliation-panel';
import { AdminCouponSitesPanel, RepeatedRejectionsPanel } from '@client/features/fraud';
import { EngagementPanel, GrowthPanel, PlatformHealthPanel, RecentUsersPanel, SubscriptionsPanel } from '../components/admin-panels';

export default function AdminPage() {
  const { user } = useSession();
  const isAdmin = Boolean(user?.isAdmin);
  const analytics = useAdminAnalytics(isAdmin);
  const recent = useRecentUsers(isAdmin);
  const platform = usePlatformStats(isAdmin);
  const queryClient = useQueryClient();

  // Decision record 010 §6: only the admin account sees this page; everyone else goes home.
  if (!isAdmin) return <Navigate to="/" replace />;

  const data = analytics.data;
  const updatedAt = analytics.dataUpdatedAt ? new Date(analytics.dataUpdatedAt).toLocaleTimeString('en-US') : null;

  return (
    <Page
      title="Admin Dashboard"
      description="Platform analytics, refreshed every 30 seconds."
      actions={
        <div className="flex items-center gap-3 text-sm text-bark-700">
          {updatedAt && <span data-testid="last-updated">Last updated: {updatedAt}</span>}
          <Button variant="outline" size="sm" onClick={() => void queryClient.invalidateQueries({ queryKey: adminKey })}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
          </Button>
        </div>
      }
    >
      {analytics.isError && <Notice title="Could not load analytics">{describeError(analytics.error)}</Notice>}
      {analytics.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-28" />)}
        </div>
      ) : (
        data && (
          <div className="flex flex-col gap-6">
            <section aria-label="Key figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <StatCard icon={Users} label="Total Users" value={formatCount(data.totalUsers)} hint={`${data.newUsersToday} new today`} />
              <StatCard icon={Briefcase} label="Businesses" value={formatCount(data.businessCount)}
                hint={`${data.activeBusinesses} active · 30-day growth ${formatPercent(data.businessGrowthRate)}`} />
              <StatCard icon={UserCheck} label="Pro Staff" value={formatCount(data.proStaffCount)}
                hint={`${data.activeProStaff} active · 30-day growth ${formatPercent(data.proStaffGrowthRate)}`} />
              <StatCard icon={FileText} label="Job Postings" value={formatCount(data.jobPostings)} hint={`${data.activeJobs} active`} />
              <StatCard icon={FileText} label="Applications" value={formatCount(data.applications)} />
              <StatCard icon={MessageSquare} label="Messages" value={formatCount(data.messagesSent)} />
              <StatCard icon={Star} label="Reviews" value={formatCount(data.reviewsCount)} />
              <StatCard icon={Eye} label="Page Views" value={formatCount(data.pageViews)} hint={`${data.pageViewsToday} today`} />
              <StatCard icon={Activity} label="Active Sessions" value={formatCount(data.activeSessions)} hint="Visitors in the last 15 minutes" />
              <StatCard icon={DollarSign} label="Monthly Revenue" value={formatCents(data.monthlyRevenue)} hint="Paid this calendar month" />
              <StatCard icon={DollarSign} label="Total Revenue" value={formatCents(data.totalRevenue)} hint="All paid invoices" />
              <StatCard icon={DollarSign} label="Recurring Revenue" value={formatCents(data.recurringRevenue)} hint="Per month, billing subscriptions" />
            </section>
            <div className="grid gap-6 lg:grid-cols-3">
              <GrowthPanel data={data} />
              <SubscriptionsPanel data={data} />
              <EngagementPanel data={data} />
            </div>
            <GrowthChart />
            <div className="grid gap-6 lg:grid-cols-3">
              {/* min-w-0: a long email in the table scrolls inside its card instead of widening the page on a phone. */}
              <div className="min-w-0 lg:col-span-2"><RecentUsersPanel users={recent.data} /></div>
              <PlatformHealthPanel stats={platform.data} revenue={data} />
            </div>
            <CredentialQueuePanel />
            <DemoRequestsPanel />
            <SupportTicketsPanel />
            <div className="grid gap-6 lg:grid-cols-2">
              <div className="min-w-0"><CoachingQueuePanel /></div>
              <div className="min-w-0"><AccountManagersPanel /></div>
            </div>
            <ReconciliationPanel />
            <RefundsPanel />
            <div className="grid gap-6 lg:grid-cols-2">
              <RepeatedRejectionsPanel />
              <AdminCouponSitesPanel />
            </div>
            <BackgroundTasksPanel />
          </div>
        )
      )}
    </Page>
  );
}
