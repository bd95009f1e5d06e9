import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@shared/contracts/auth';
import { applicationStatuses } from '@shared/contracts/jobs';
import { AnalyticsButton } from '../components/analytics-button';
import { Button } from '@client/components/ui/button';
import { SummaryCard } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Page } from '@client/components/ui/page';
import { EarningsSummaryCard } from '@client/features/commissions';
import { PromotionSlot } from '@client/features/promotions';
import { useMyApplications } from '@client/features/jobs/api';
import { JobBoard, MyApplications, useDashboardEvents } from '@client/features/jobs';
import { useOwnProStaffProfile, useUnreadCount } from '../api';
import { DashboardGate } from '../components/dashboard-gate';
import { HelpPopover } from '../components/help-popover';
import { NewFeatureBanner } from '../components/new-feature-banner';
import { AccountCard } from '../components/account-card';
import { StatStrip } from '../components/stat-card';
import { TrialBanner } from '@client/features/billing';
import { MyBrandsCard } from '@client/features/agreements';
import { CampaignsCard } from '@client/features/campaigns';
import { GearSummaryCard } from '@client/features/gear';
import { MyGoalsCard } from '@client/features/goals';
import { MyCodeCards } from '@client/features/discounts';

const OPPORTUNITIES_SHOWN = 5;
const OPPORTUNITIES_ON_A_PHONE = 3;

/**
 * A summary that fits about three phone screens (at most 2,000 px at 375 px wide, footer included; gear.spec measures
 * it): the four figures in one strip, the newest jobs (three on a phone, five from sm up), compact cards each with
 * "View all" to the page holding the whole list (earnings, agreements, campaigns, gear, goals), one Account card
 * (profile, plan, and the links that are not quick actions), and the short footer (styles/app.css). Browsing every
 * job opens here on demand.
 */
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
      className="py-6 sm:py-8"
      title="Pro Staff Dashboard"
      actions={
        <HelpPopover title="Getting around your dashboard">
          <p>Apply to jobs from Available Opportunities; Browse Jobs searches every open posting by keyword, location and specialty.</p>
          <p>Each card sums up one part of your program; View all opens the whole list: earnings, agreements, campaigns, gear and goals.</p>
          <p>Account shows your profile and plan, with links to your verified credentials and the pro staff directory.</p>
        </HelpPopover>
      }
      description={profile.data ? `Welcome back, ${profile.data.firstName}` : `Signed in as ${user.email}`}
    >
      <NewFeatureBanner storageKey="huntstaff.banner.pro-staff-gear">
        <strong>New:</strong> brands can pay you in gear. Request yours under <Link to="/my-gear" className="font-medium underline">My Gear</Link>.
      </NewFeatureBanner>
      <TrialBanner userType="pro_staff" />

      <StatStrip
        stats={[
          { label: 'Profile Rating', value: `${rating.toFixed(1)}/5` },
          { label: 'Applications', value: applications.data?.length ?? 0 },
          { label: 'Profile Views', value: 0 },
          { label: 'Messages', value: unread },
        ]}
      />

      <section aria-labelledby="quick-actions-heading" className="mt-3 flex flex-wrap gap-2">
        <h2 id="quick-actions-heading" className="sr-only">Quick Actions</h2>
        <Button size="sm" onClick={browseJobs}>Browse Jobs</Button>
        <Button size="sm" asChild variant="outline"><Link to="/messages">Messages</Link></Button>
        <AnalyticsButton compact isFree={isFree} onOpen={() => setAnalyticsOpen(true)} />
      </section>

      <div className="mt-5 grid gap-3 sm:mt-6 sm:gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-3 sm:gap-4 lg:col-span-2">
          <section ref={jobsRef} aria-labelledby="opportunities-heading" className="scroll-mt-20">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-x-2">
              <h2 id="opportunities-heading" className="text-base font-semibold sm:text-lg">{browsing ? 'Browse Jobs' : 'Available Opportunities'}</h2>
              <Button variant="link" size="sm" onClick={() => setBrowsing(!browsing)}>
                {browsing ? 'Show newest only' : 'Browse all jobs'}
              </Button>
            </div>
            {browsing ? <JobBoard proStaffId={proStaffId} searchable /> : <JobBoard proStaffId={proStaffId} limit={OPPORTUNITIES_SHOWN} phoneLimit={OPPORTUNITIES_ON_A_PHONE} compact />}
          </section>
          <div className="grid gap-3 sm:gap-4 md:grid-cols-2">
            <EarningsSummaryCard />
            <GearSummaryCard />
            <MyBrandsCard />
            <CampaignsCard />
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-3 sm:gap-4">
          <AccountCard loading={profile.isPending} hasProfile={Boolean(profile.data)} tier={user.subscriptionTier} />
          <MyGoalsCard />
          <MyCodeCards />
          <SummaryCard title="My Applications">
            <MyApplications proStaffId={proStaffId} />
          </SummaryCard>
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
  return (
    <DashboardGate userType="pro_staff">
      {(user) => (
        // The short footer on a phone (styles/app.css).
        <div data-short-footer>
          <ProStaffDashboard user={user} />
        </div>
      )}
    </DashboardGate>
  );
}
