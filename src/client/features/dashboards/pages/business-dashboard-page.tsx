import { useState } from 'react';
import { Link } from 'react-router';
import { Briefcase, FileText, MessageSquare, Users } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { Badge } from '@client/components/ui/badge';
import { AnalyticsButton } from '../components/analytics-button';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useLimitGate } from '@client/components/plan-limit';
import { useTabParam } from '@client/lib/use-tab-param';
import { CommissionsTab, RankingsTab } from '@client/features/commissions';
import { MassMessageForm } from '@client/features/messaging';
import { SocialTagSearch } from '@client/features/profiles';
import { useBusinessJobStats, useOwnJobPostings } from '@client/features/jobs/api';
import { BusinessJobs, formatDate, JobPostingDialog, RecentApplications, useDashboardEvents } from '@client/features/jobs';
import { useOwnBusinessProfile, useUnreadCount, type BusinessProfileSummary } from '../api';
import { DashboardGate } from '../components/dashboard-gate';
import { BusinessAnalyticsDialog } from '../components/business-analytics-dialog';
import { HelpPopover } from '../components/help-popover';
import { NewFeatureBanner } from '../components/new-feature-banner';
import { ProfileStatusCard } from '../components/profile-status-card';
import { StatCard } from '../components/stat-card';
import { SubscriptionCard } from '../components/subscription-card';
import { TrialBanner } from '@client/features/billing';
import { useActiveAgreements } from '@client/features/agreements';
import { GoalsSummaryCard } from '@client/features/goals';
import { AccountManagerCard } from '@client/features/support';

const tabs = [
  ['overview', 'Overview'],
  ['jobs', 'Jobs'],
  ['rankings', 'Rankings'],
  ['messaging', 'Messaging'],
  ['commissions', 'Commissions'],
  ['search', 'Social'],
  ['profile', 'Profile'],
] as const;

const RECENT_JOBS = 3;

function NeedsProfile() {
  return (
    <Notice title="Please complete your business profile first." action={<Button asChild><Link to="/profile">Complete Profile</Link></Button>}>
      Job postings belong to your business profile.
    </Notice>
  );
}

function RecentJobs({ businessId, onViewAll }: { businessId: number | null; onViewAll: () => void }) {
  const postings = useOwnJobPostings(businessId);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Job Postings</CardTitle>
        {businessId !== null && <Button variant="link" size="sm" onClick={onViewAll}>View all</Button>}
      </CardHeader>
      <CardContent>
        {businessId === null ? (
          <p className="text-sm text-bark-700">Complete your business profile to post jobs.</p>
        ) : postings.isPending ? (
          <Skeleton className="h-24" />
        ) : !postings.data?.length ? (
          <p className="text-sm text-bark-700">No job postings yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100">
            {postings.data.slice(0, RECENT_JOBS).map((posting) => (
              <li key={posting.id} className="py-3 first:pt-0 last:pb-0" data-testid="recent-job">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium">{posting.title}</p>
                  <Badge tone={posting.isActive ? 'green' : 'neutral'}>{posting.isActive ? 'Active' : 'Inactive'}</Badge>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-bark-700">{posting.description}</p>
                <p className="mt-1 text-xs text-bark-700">
                  {posting.location ?? 'Location not specified'} · {formatDate(posting.createdAt)}
                  {posting.pendingCount > 0 && ` · ${posting.pendingCount} new application${posting.pendingCount === 1 ? '' : 's'}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ProfileTab({ profile, loading }: { profile: BusinessProfileSummary | null | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-48" />;
  const rows: [string, string | null | undefined][] = [
    ['Company Name', profile?.companyName],
    ['Location', profile?.location],
    ['Industry', profile?.industry],
    ['Company Size', profile?.size],
    ['Description', profile?.description],
  ];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Business Profile</CardTitle>
        <Button asChild variant="outline" size="sm"><Link to="/profile">{profile ? 'Edit Profile' : 'Complete Profile'}</Link></Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className={label === 'Description' ? 'sm:col-span-2' : undefined}>
              <dt className="text-sm text-bark-700">{label}</dt>
              <dd className="mt-0.5 whitespace-pre-line font-medium">{value || 'Not specified'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function BusinessDashboard({ user }: { user: SessionUser }) {
  const [tab, setTab] = useTabParam(tabs);
  const [creating, setCreating] = useState(false);
  // New postings start active, so both posting limits apply before the form opens.
  const postingGate = useLimitGate(['jobPostsPerMonth', 'activeJobPostings']);
  const [analyticsOpen, setAnalyticsOpen] = useState(false);

  const profile = useOwnBusinessProfile(user.id);
  const businessId = user.businessId ?? profile.data?.id ?? null;
  const stats = useBusinessJobStats(businessId);
  const postings = useOwnJobPostings(businessId);
  const unread = useUnreadCount(user.id);
  const isFree = user.subscriptionTier === 'free';
  const pending = stats.data?.pendingApplications ?? 0;
  const activeAgreements = useActiveAgreements(businessId !== null);
  useDashboardEvents('business');

  return (
    <Page
      title="Business Dashboard"
      actions={
        <HelpPopover title="Getting around your dashboard">
          <p>Post jobs in the Jobs tab and review applicants there: shortlist, accept or reject each one.</p>
          <p>Rankings and Commissions track what you pay your pro staff; Messaging reaches many pro staff at once.</p>
          <p>Social finds pro staff by their social media tags.</p>
        </HelpPopover>
      }
      description={profile.data ? `Welcome back, ${profile.data.companyName}` : `Signed in as ${user.email}`}
    >
      <NewFeatureBanner storageKey="huntstaff.banner.business-applicants">
        <strong>New:</strong> pro staff can now apply to your job postings. Review applicants and accept them from the Jobs tab.
      </NewFeatureBanner>
      <TrialBanner userType="business" />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {/* Pro staff with an active agreement (decision record 028). */}
        <StatCard
          label="Active Pro Staff"
          value={activeAgreements.data?.length ?? 0}
          icon={Users}
          note={
            <span className="flex flex-wrap gap-x-3">
              <Link to="/agreements" className="font-medium text-forest-700 hover:underline">View roster</Link>
              <Link to="/campaigns" className="font-medium text-forest-700 hover:underline">Campaigns</Link>
              <Link to="/goals" className="font-medium text-forest-700 hover:underline">Goals</Link>
            </span>
          }
        />
        <StatCard label="Job Postings" value={stats.data?.jobPostings ?? 0} icon={Briefcase} />
        <StatCard
          label="Applications"
          value={stats.data?.applications ?? 0}
          icon={FileText}
          note={pending > 0 ? <Badge tone="orange" className="mt-1">{pending} new</Badge> : undefined}
        />
        <StatCard label="Messages" value={unread} icon={MessageSquare} />
      </div>

      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList>
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
              {value === 'jobs' && pending > 0 && <span className="ml-1.5 rounded-full bg-blaze-500 px-1.5 text-xs text-white">{pending}<span className="sr-only"> new applications</span></span>}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="overview">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              {pending > 0 && (
                <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-blaze-400 bg-orange-50 p-4 text-sm" role="status">
                  <span>You have <strong>{pending}</strong> new application{pending === 1 ? '' : 's'} waiting for review.</span>
                  <Button size="sm" variant="accent" onClick={() => setTab('jobs')}>Review Applicants</Button>
                </div>
              )}
              <RecentJobs businessId={businessId} onViewAll={() => setTab('jobs')} />
              {businessId !== null && <RecentApplications businessId={businessId} onReview={() => setTab('jobs')} />}
            </div>
            <div className="flex flex-col gap-6">
              <ProfileStatusCard loading={profile.isPending} name={profile.data?.companyName ?? null} detail={profile.data?.location} />
              {businessId !== null && <GoalsSummaryCard />}
              <SubscriptionCard userType="business" tier={user.subscriptionTier} />
              {/* Enterprise accounts see their named account manager (decision record 046). */}
              <AccountManagerCard enterprise={user.subscriptionTier === 'enterprise'} />
              <Card>
                <CardHeader><CardTitle>Quick Actions</CardTitle></CardHeader>
                <CardContent className="flex flex-col gap-2">
                  {businessId !== null ? (
                    <Button onClick={() => postingGate.attempt(() => setCreating(true))}>New Posting</Button>
                  ) : (
                    <Button asChild><Link to="/profile">New Posting</Link></Button>
                  )}
                  <Button asChild variant="outline"><Link to="/search">Browse Pro Staff</Link></Button>
                  <Button asChild variant="outline"><Link to="/messages">Messages</Link></Button>
                  <Button asChild variant="outline"><Link to="/discount-codes">Discount Codes</Link></Button>
                  <Button asChild variant="outline"><Link to="/promotions">Paid Promotions</Link></Button>
                  <Button asChild variant="outline"><Link to="/profile">{profile.data ? 'Edit Profile' : 'Complete Profile'}</Link></Button>
                  <AnalyticsButton isFree={isFree} onOpen={() => setAnalyticsOpen(true)} />
                </CardContent>
              </Card>
            </div>
          </div>
        </TabsContent>

        <TabsContent value="jobs">{businessId !== null ? <BusinessJobs businessId={businessId} /> : <NeedsProfile />}</TabsContent>
        <TabsContent value="rankings"><RankingsTab /></TabsContent>
        <TabsContent value="messaging"><MassMessageForm /></TabsContent>
        <TabsContent value="commissions"><CommissionsTab /></TabsContent>
        <TabsContent value="search"><SocialTagSearch /></TabsContent>
        <TabsContent value="profile"><ProfileTab profile={profile.data} loading={profile.isPending} /></TabsContent>
      </Tabs>

      {postingGate.dialog}
      <JobPostingDialog open={creating} onOpenChange={setCreating} />
      {!isFree && <BusinessAnalyticsDialog open={analyticsOpen} onOpenChange={setAnalyticsOpen} stats={stats.data} postings={postings.data} />}
    </Page>
  );
}

export default function BusinessDashboardPage() {
  return <DashboardGate userType="business">{(user) => <BusinessDashboard user={user} />}</DashboardGate>;
}
