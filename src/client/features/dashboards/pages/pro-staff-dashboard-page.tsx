import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Eye, FileText, MessageSquare, Star } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { applicationStatuses } from '@shared/contracts/jobs';
import { AnalyticsButton } from '../components/analytics-button';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Page } from '@client/components/ui/page';
import { ProStaffCommissions, ProStaffPayoutsCard } from '@client/features/commissions';
import { PromotionSlot } from '@client/features/promotions';
import { useMyApplications } from '@client/features/jobs/api';
import { JobBoard, MyApplications, useDashboardEvents } from '@client/features/jobs';
import { useOwnProStaffProfile, useUnreadCount } from '../api';
import { DashboardGate } from '../components/dashboard-gate';
import { HelpPopover } from '../components/help-popover';
import { NewFeatureBanner } from '../components/new-feature-banner';
import { ProfileStatusCard } from '../components/profile-status-card';
import { StatCard } from '../components/stat-card';
import { SubscriptionCard } from '../components/subscription-card';
import { TrialBanner } from '@client/features/billing';
import { MyBrandsCard } from '@client/features/agreements';
import { CampaignsCard } from '@client/features/campaigns';
import { MyGoalsCard } from '@client/features/goals';

const OPPORTUNITIES_SHOWN = 5;

function ProStaffDashboard({ user }: { user: SessionUser }) {
  const profile = useOwnProStaffProfile(user.id);
  const proStaffId = user.proStaffId ?? profile.data?.id ?? null;
  const applications = useMyApplications(proStaffId);
  const unread = useUnreadCount(user.id);
  const [browsing, setBrowsing] = useState(false);
  const [analyticsOpen, setAnalyticsOpen] = useState(false);
  const jobsRef = useRef<HTMLElement>(null);
  const isFree = user.subscriptionTier === 'free';
  const rating = profile.data?.rating ?? 0;
  useDashboardEvents('pro_staff');

  const browseJobs = () => {
    setBrowsing(true);
    jobsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Page
      title="Pro Staff Dashboard"
      actions={
        <HelpPopover title="Getting around your dashboard">
          <p>Apply to jobs from Available Opportunities; Browse Jobs searches every open posting by keyword, location and specialty.</p>
          <p>My Applications shows where each application stands. You can withdraw one until the business decides.</p>
        </HelpPopover>
      }
      description={profile.data ? `Welcome back, ${profile.data.firstName}` : `Signed in as ${user.email}`}
    >
      <NewFeatureBanner storageKey="huntstaff.banner.pro-staff-apply">
        <strong>New:</strong> apply to jobs right from your dashboard and follow each application's status.
      </NewFeatureBanner>
      <TrialBanner userType="pro_staff" />

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Profile Rating" value={`${rating.toFixed(1)}/5`} icon={Star} />
        <StatCard label="Applications" value={applications.data?.length ?? 0} icon={FileText} />
        <StatCard label="Profile Views" value={0} icon={Eye} />
        <StatCard label="Messages" value={unread} icon={MessageSquare} />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section ref={jobsRef} aria-labelledby="opportunities-heading" className="scroll-mt-20">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="opportunities-heading" className="text-xl font-semibold">{browsing ? 'Browse Jobs' : 'Available Opportunities'}</h2>
              <Button variant="link" size="sm" onClick={() => setBrowsing(!browsing)}>
                {browsing ? 'Show newest only' : 'Browse all jobs'}
              </Button>
            </div>
            {browsing ? <JobBoard proStaffId={proStaffId} searchable /> : <JobBoard proStaffId={proStaffId} limit={OPPORTUNITIES_SHOWN} />}
          </section>
          <ProStaffPayoutsCard />
          <ProStaffCommissions />
        </div>
        <div className="flex flex-col gap-6">
          <ProfileStatusCard
            loading={profile.isPending}
            name={profile.data ? `${profile.data.firstName} ${profile.data.lastName}` : null}
            detail={profile.data?.location}
          />
          <SubscriptionCard userType="pro_staff" tier={user.subscriptionTier} />
          <MyBrandsCard />
          <CampaignsCard />
          <MyGoalsCard />
          <Card>
            <CardHeader><CardTitle>My Applications</CardTitle></CardHeader>
            <CardContent><MyApplications proStaffId={proStaffId} /></CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Quick Actions</CardTitle></CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Button onClick={browseJobs}>Browse Jobs</Button>
              <Button asChild variant="outline"><Link to="/messages">Messages</Link></Button>
              <Button asChild variant="outline"><Link to="/search">Browse Pro Staff</Link></Button>
              <Button asChild variant="outline"><Link to="/credentials">Verified Credentials</Link></Button>
              <AnalyticsButton isFree={isFree} onOpen={() => setAnalyticsOpen(true)} />
            </CardContent>
          </Card>
          <PromotionSlot placement="dashboard" />
        </div>
      </div>

      {!isFree && (
        <Dialog open={analyticsOpen} onOpenChange={setAnalyticsOpen}>
          <DialogContent title="Application Analytics" description="How your applications are doing.">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {applicationStatuses.map((status) => (
                <div key={status} className="rounded-md bg-bark-100 p-3">
                  <dt className="text-xs capitalize text-bark-700">{status}</dt>
                  <dd className="text-xl font-bold">{applications.data?.filter((a) => a.status === status).length ?? 0}</dd>
                </div>
              ))}
            </dl>
          </DialogContent>
        </Dialog>
      )}
    </Page>
  );
}

export default function ProStaffDashboardPage() {
  return <DashboardGate userType="pro_staff">{(user) => <ProStaffDashboard user={user} />}</DashboardGate>;
}
