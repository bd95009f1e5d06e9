import { useState } from 'react';
import { Link } from 'react-router';
import { Megaphone, Plus } from 'lucide-react';
import { adAudienceLabels, adTypeLabels, type Advertisement } from '@shared/contracts/ads';
import { formatCents } from '@shared/format';
import { planFor } from '@shared/plans';
import type { SessionUser } from '@shared/contracts/auth';
import { upgradeToastLink, useLimitGate } from '@client/components/plan-limit';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError, isPlanLimit } from '@client/lib/api';
import { AdFormDialog, type toAdBody } from '../components/ad-form-dialog';
import { AdDetail, formatDay, OpportunityCard, OwnAdCard } from '../components/ad-cards';
import { AdTags } from '../components/ad-tags';
import { trackAd, useActiveAds, useCreateAd, useDeleteAd, useMyAds, useUpdateAd } from '../api';

function CardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-busy="true" aria-label="Loading advertisements">
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} className="p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-3 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-6 h-8 w-1/2" />
        </Card>
      ))}
    </div>
  );
}

function failure(error: unknown, fallback: string) {
  toast({ title: 'Error', description: isPlanLimit(error) ? describeError(error) : fallback, variant: 'destructive', link: upgradeToastLink(error) });
}

/** How many ads the plan allows and how many are in use (not completed, not ended), as the server counts them. */
function PlanAllowance({ user, ads }: { user: SessionUser; ads: Advertisement[] }) {
  const plan = planFor(user.userType, user.subscriptionTier);
  const limit = plan.limits.advertisements;
  const live = ads.filter((ad) => ad.status !== 'completed' && Date.parse(ad.endDate) > Date.now()).length;
  if (limit === null) return <p className="mb-4 text-sm text-bark-700">Your {plan.name} plan includes unlimited advertisements.</p>;
  return (
    <p className="mb-4 text-sm text-bark-700" data-testid="ad-allowance">
      {limit === 0 ? `Your ${plan.name} plan does not include advertisements. ` : `${live} of ${limit} advertisements used on your ${plan.name} plan. `}
      {live >= limit && <Link to="/subscription" className="font-medium text-forest-700 underline-offset-4 hover:underline">Upgrade to run more</Link>}
    </p>
  );
}

function AdvertisementsContent({ user }: { user: SessionUser }) {
  const userId = user.id;
  const mine = useMyAds();
  const active = useActiveAds();
  const createAd = useCreateAd();
  const updateAd = useUpdateAd();
  const deleteAd = useDeleteAd();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Advertisement | null>(null);
  const [viewing, setViewing] = useState<Advertisement | null>(null);

  const gate = useLimitGate(['advertisements']);
  const openCreate = () =>
    gate.attempt(() => {
      setEditing(null);
      setFormOpen(true);
    });

  const save = async (body: ReturnType<typeof toAdBody>): Promise<boolean> => {
    if (editing) {
      try {
        await updateAd.mutateAsync({ id: editing.id, body });
        toast({ title: 'Success', description: 'Your advertisement has been updated successfully.' });
        return true;
      } catch (error) {
        failure(error, 'Failed to update advertisement. Please try again.');
        return false;
      }
    }
    const { status: _ignored, ...createBody } = body;
    try {
      await createAd.mutateAsync(createBody);
      toast({ title: 'Success', description: 'Your advertisement has been created successfully.' });
      return true;
    } catch (error) {
      failure(error, 'Failed to create advertisement. Please try again.');
      return false;
    }
  };

  const remove = async (ad: Advertisement) => {
    try {
      await deleteAd.mutateAsync(ad.id);
      toast({ title: 'Success', description: 'Your advertisement has been deleted successfully.' });
    } catch (error) {
      failure(error, 'Failed to delete advertisement. Please try again.');
    }
  };

  const open = (ad: Advertisement) => {
    setViewing(ad);
    if (ad.userId !== userId) trackAd(ad.id, 'click').catch(() => undefined);
  };

  const loading = mine.isLoading || active.isLoading;

  return (
    <Page
      title="Advertisements"
      description="Promote collaborations, job openings and services, and browse opportunities from others."
      actions={
        <Button onClick={openCreate}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Create Advertisement
        </Button>
      }
    >
      {loading && <CardsSkeleton />}
      {!loading && <section aria-labelledby="your-ads" className="mb-12">
        <h2 id="your-ads" className="mb-2 text-xl font-semibold">Your Advertisements</h2>
        {mine.data && <PlanAllowance user={user} ads={mine.data} />}
        {mine.isError ? (
          <p role="alert" className="text-red-700">{describeError(mine.error)}</p>
        ) : mine.data && mine.data.length > 0 ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mine.data.map((ad) => (
              <OwnAdCard
                key={ad.id}
                ad={ad}
                deleting={deleteAd.isPending && deleteAd.variables === ad.id}
                onEdit={() => {
                  setEditing(ad);
                  setFormOpen(true);
                }}
                onDelete={() => void remove(ad)}
              />
            ))}
          </div>
        ) : (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
              <Megaphone className="h-10 w-10 text-bark-500" aria-hidden="true" />
              <p className="font-medium">You haven't created any advertisements yet.</p>
              <p className="text-sm text-bark-700">Advertise collaborations, job openings or services to businesses and pro staff.</p>
              <Button onClick={openCreate}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Create Your First Ad
              </Button>
            </CardContent>
          </Card>
        )}
      </section>}

      {!loading && <section aria-labelledby="browse-opportunities">
        <h2 id="browse-opportunities" className="mb-4 text-xl font-semibold">Browse Opportunities</h2>
        {active.isError ? (
          <p role="alert" className="text-red-700">{describeError(active.error)}</p>
        ) : active.data && active.data.length > 0 ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {active.data.map((ad) => (
              <OpportunityCard key={ad.id} ad={ad} isOwn={ad.userId === userId} onOpen={() => open(ad)} />
            ))}
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-bark-200 p-8 text-center text-bark-700">No active opportunities right now. Check back soon.</p>
        )}
      </section>}

      {gate.dialog}
      <AdFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        ad={editing}
        pending={createAd.isPending || updateAd.isPending}
        onSubmit={save}
      />

      <Dialog open={viewing !== null} onOpenChange={(next) => !next && setViewing(null)}>
        {viewing && (
          <DialogContent title={viewing.title} description={`${adTypeLabels[viewing.adType]} · For ${adAudienceLabels[viewing.targetAudience]}`}>
            <div className="flex flex-col gap-4 text-sm">
              <p className="whitespace-pre-line text-bark-800">{viewing.description}</p>
              <dl className="grid grid-cols-2 gap-3">
                <AdDetail term="Contact" className="break-words">{viewing.contactInfo}</AdDetail>
                <AdDetail term="Location">{viewing.location ?? 'Not specified'}</AdDetail>
                <AdDetail term="Budget">{formatCents(viewing.budget)}</AdDetail>
                <AdDetail term="Runs until">{formatDay(viewing.endDate)}</AdDetail>
              </dl>
              <AdTags tags={viewing.tags} />
            </div>
          </DialogContent>
        )}
      </Dialog>
    </Page>
  );
}

export default function AdvertisementsPage() {
  return <RequireLogin message="Please log in to view advertisements.">{(user) => <AdvertisementsContent user={user} />}</RequireLogin>;
}
