import { Link } from 'react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';

/**
 * The pro staff summary's one card for the account: whether the profile is complete (Edit or Complete Profile), the plan
 * (Upgrade or Manage), and the links that are not quick actions (credentials, the pro staff directory).
 */
export function AccountCard({ loading, hasProfile, tier }: { loading: boolean; hasProfile: boolean; tier: string }) {
  const isFree = tier === 'free';
  return (
    <SummaryCard title="Account" data-testid="account-card">
      <div className="flex items-center justify-between gap-2">
        {loading ? (
          <Skeleton className="h-8 flex-1" />
        ) : hasProfile ? (
          <>
            <p className="flex items-center gap-2 text-forest-800"><CircleCheck className="h-4 w-4 shrink-0" aria-hidden="true" />Profile complete</p>
            <Button asChild variant="outline" size="sm"><Link to="/profile">Edit Profile</Link></Button>
          </>
        ) : (
          <>
            <p className="flex items-center gap-2 text-blaze-600"><CircleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />No profile yet</p>
            <Button asChild size="sm"><Link to="/profile">Complete Profile</Link></Button>
          </>
        )}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p>Plan: <span className="font-bold" data-testid="subscription-tier">{tier.toUpperCase()}</span></p>
        <Button asChild size="sm" variant={isFree ? 'accent' : 'outline'}>
          <Link to="/subscription">{isFree ? 'Upgrade Plan' : 'Manage Subscription'}</Link>
        </Button>
      </div>
      <nav aria-label="More" className="flex flex-wrap gap-x-4 gap-y-1 border-t border-bark-100 pt-2">
        <Link to="/credentials" className="font-medium text-forest-700 hover:underline">Verified Credentials</Link>
        <Link to="/search" className="font-medium text-forest-700 hover:underline">Browse Pro Staff</Link>
      </nav>
    </SummaryCard>
  );
}
