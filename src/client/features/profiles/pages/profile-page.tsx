import type { SessionUser } from '@shared/contracts/auth';
import { RequireLogin } from '@client/components/require-login';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useOwnBusinessProfile, useOwnProStaffProfile } from '../api';
import { BusinessProfileForm } from '../components/business-profile-form';
import { ProStaffProfileForm } from '../components/pro-staff-profile-form';
import { ChangePasswordCard } from '../components/change-password-card';
import { ChangeEmailCard, DeleteAccountCard, TwoFactorCard, YourDataCard } from '@client/features/account';
import { HouseholdAddressesCard } from '@client/features/fraud';
import { BrandingCard } from '@client/features/branding';

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading profile">
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

function ProStaffSection({ user }: { user: SessionUser }) {
  const query = useOwnProStaffProfile(user.id);
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) return <Notice title="Error">{describeError(query.error)}</Notice>;
  return <ProStaffProfileForm key={query.data ? `profile-${query.data.id}` : 'new'} user={user} profile={query.data} />;
}

function BusinessSection({ user }: { user: SessionUser }) {
  const query = useOwnBusinessProfile(user.id);
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) return <Notice title="Error">{describeError(query.error)}</Notice>;
  return (
    <>
      <BusinessProfileForm key={query.data ? `profile-${query.data.id}` : 'new'} user={user} profile={query.data} />
      {/* Custom branding (decision record 045) needs a business profile to belong to. */}
      {query.data && <div className="mt-8"><BrandingCard companyName={query.data.companyName} /></div>}
    </>
  );
}

export default function ProfilePage() {
  return (
    <RequireLogin message="Please log in to view your profile.">
      {(user) => (
        <Page title="Your Profile" description={user.userType === 'pro_staff' ? 'Keep your pro staff profile current so businesses can find you.' : 'Tell pro staff about your business.'} className="max-w-4xl">
          {user.userType === 'pro_staff' ? <ProStaffSection user={user} /> : <BusinessSection user={user} />}
          <div className="mt-8 flex flex-col gap-8">
            <ChangeEmailCard email={user.email} />
            <ChangePasswordCard />
            {user.userType === 'pro_staff' && user.proStaffId !== null && <HouseholdAddressesCard />}
            <TwoFactorCard />
            <YourDataCard />
            <DeleteAccountCard />
          </div>
        </Page>
      )}
    </RequireLogin>
  );
}
