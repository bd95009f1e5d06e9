import { useState } from 'react';
import { Link } from 'react-router';
import { Plus, Store, Tag } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import type { DiscountCode, IntegrationPlatform, IntegrationPlatformWithSecrets } from '@shared/contracts/discounts';
import { describeLimit, planFor } from '@shared/plans';
import { upgradeToastLink, useLimitGate } from '@client/components/plan-limit';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useDeletePlatform, useDiscountCodes, usePlatforms, useRotateKey, useUpdateCode, useUpdatePlatform, type RotatableKey } from '../api';
import { CodeCard } from '../components/code-card';
import { CodeFormDialog } from '../components/code-form-dialog';
import { IntegrationGuideCard } from '../components/integration-guide-card';
import { PlatformCard } from '../components/platform-card';
import { PlatformFormDialog } from '../components/platform-form-dialog';
import { PlatformSecretsDialog } from '../components/platform-secrets-dialog';
import { PlatformSettingsDialog } from '../components/platform-settings-dialog';
import { DeliveryLog } from '../components/delivery-log';
import { toastError } from '@client/lib/toast-error';
import { RotateCodeDialog, type RotatableCode } from '@client/features/fraud';

function CardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {[0, 1].map((i) => <Skeleton key={i} className="h-48" />)}
    </div>
  );
}

function ListError({ error }: { error: unknown }) {
  return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(error)}</p>;
}

function DiscountCodesManager({ user, businessId }: { user: SessionUser; businessId: number }) {
  const codes = useDiscountCodes(businessId);
  const platforms = usePlatforms(businessId);
  const updateCode = useUpdateCode(businessId);
  const updatePlatform = useUpdatePlatform(businessId);
  const rotateKey = useRotateKey(businessId);
  const deletePlatform = useDeletePlatform(businessId);
  const [settingsFor, setSettingsFor] = useState<IntegrationPlatform | null>(null);
  const [codeDialog, setCodeDialog] = useState<{ open: boolean; code: DiscountCode | null }>({ open: false, code: null });
  const [platformDialogOpen, setPlatformDialogOpen] = useState(false);
  const codeGate = useLimitGate(['discountCodes']);
  const [secrets, setSecrets] = useState<IntegrationPlatformWithSecrets | null>(null);
  const [rotating, setRotating] = useState<RotatableCode | null>(null);
  const limits = planFor(user.userType, user.subscriptionTier).limits;
  const activeCodes = codes.data?.filter((c) => c.isActive).length ?? 0;
  const activePlatforms = platforms.data?.filter((p) => p.isActive).length ?? 0;

  async function toggleCode(code: DiscountCode) {
    try {
      await updateCode.mutateAsync({ id: code.id, body: { isActive: !code.isActive } });
      toast({ title: 'Success', description: `Discount code ${code.isActive ? 'deactivated' : 'activated'}.` });
    } catch (error) {
      toast({ title: 'Error', description: `Failed to update discount code. ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  async function togglePlatform(id: number, isActive: boolean) {
    try {
      await updatePlatform.mutateAsync({ id, body: { isActive: !isActive } });
      toast({ title: 'Success', description: `Integration platform ${isActive ? 'deactivated' : 'activated'}.` });
    } catch (error) {
      toast({ title: 'Error', description: `Failed to update integration platform. ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  async function rotate(id: number, key: RotatableKey) {
    try {
      setSecrets(await rotateKey.mutateAsync({ id, key }));
    } catch (error) {
      toastError(error);
    }
  }

  async function removePlatform(id: number) {
    try {
      await deletePlatform.mutateAsync(id);
      toast({ title: 'Success', description: 'Integration platform deleted. Its orders, commissions and deliveries are kept.' });
    } catch (error) {
      toastError(error, undefined, { link: upgradeToastLink(error) });
    }
  }

  return (
    <Page
      title="Discount Code Management"
      description="Create codes for your pro staff, connect your stores and track every order a code brings in."
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Tabs defaultValue="codes">
          <TabsList>
            <TabsTrigger value="codes">Discount Codes</TabsTrigger>
            <TabsTrigger value="platforms">Integration Platforms</TabsTrigger>
          </TabsList>

          <TabsContent value="codes">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-bark-700">
                {activeCodes} of {describeLimit(limits.discountCodes)} active codes on your plan.
                {limits.discountCodes === 0 && <> <Link className="font-medium text-forest-700 underline" to="/subscription">Upgrade to create codes</Link>.</>}
              </p>
              <Button onClick={() => codeGate.attempt(() => setCodeDialog({ open: true, code: null }))}><Plus className="h-4 w-4" aria-hidden /> Create Code</Button>
            </div>
            {codes.isLoading ? <CardsSkeleton /> : codes.isError ? <ListError error={codes.error} /> : codes.data && codes.data.length > 0 ? (
              <div className="grid gap-4 md:grid-cols-2">
                {codes.data.map((code) => (
                  <CodeCard
                    key={code.id}
                    code={code}
                    onEdit={() => setCodeDialog({ open: true, code })}
                    onToggle={() => void toggleCode(code)}
                    onRotate={() => setRotating(code)}
                    toggling={updateCode.isPending}
                  />
                ))}
              </div>
            ) : (
              <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
                <Tag className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
                <p className="mt-2 font-medium">No discount codes yet</p>
                <p className="text-sm text-bark-700">Create a code for each pro staffer so their sales are tracked.</p>
              </div>
            )}
          </TabsContent>

          <TabsContent value="platforms">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-bark-700">{activePlatforms} of {describeLimit(limits.integrations)} active integrations on your plan.</p>
              <Button onClick={() => setPlatformDialogOpen(true)}><Plus className="h-4 w-4" aria-hidden /> Add Platform</Button>
            </div>
            {platforms.isLoading ? <CardsSkeleton /> : platforms.isError ? <ListError error={platforms.error} /> : platforms.data && platforms.data.length > 0 ? (
              <div className="grid gap-4 md:grid-cols-2">
                {platforms.data.map((platform) => (
                  <PlatformCard
                    key={platform.id}
                    platform={platform}
                    busy={updatePlatform.isPending || rotateKey.isPending || deletePlatform.isPending}
                    onToggle={() => void togglePlatform(platform.id, platform.isActive)}
                    onRotate={(key) => void rotate(platform.id, key)}
                    onSettings={() => setSettingsFor(platform)}
                    onDelete={() => void removePlatform(platform.id)}
                  />
                ))}
              </div>
            ) : (
              <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
                <Store className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
                <p className="mt-2 font-medium">No integration platforms yet</p>
                <p className="text-sm text-bark-700">Add your Shopify, WooCommerce, BigCommerce or custom store to get an API key.</p>
              </div>
            )}
            <DeliveryLog />
          </TabsContent>
        </Tabs>
        <aside>
          <IntegrationGuideCard />
        </aside>
      </div>

      {codeGate.dialog}
      <CodeFormDialog
        open={codeDialog.open}
        onOpenChange={(open) => setCodeDialog((current) => ({ ...current, open }))}
        businessId={businessId}
        platforms={platforms.data ?? []}
        code={codeDialog.code}
      />
      <PlatformFormDialog open={platformDialogOpen} onOpenChange={setPlatformDialogOpen} businessId={businessId} onCreated={setSecrets} />
      <PlatformSecretsDialog platform={secrets} onClose={() => setSecrets(null)} />
      <PlatformSettingsDialog platform={settingsFor} businessId={businessId} onClose={() => setSettingsFor(null)} />
      <RotateCodeDialog code={rotating} onClose={() => setRotating(null)} />
    </Page>
  );
}

export default function DiscountCodesPage() {
  return (
    <RequireLogin message="Please log in to manage discount codes.">
      {(user) => {
        if (user.userType !== 'business') return <Notice title="Access restricted to business accounts." />;
        if (user.businessId === null) {
          return (
            <Notice title="Please complete your business profile first." action={<Button asChild><Link to="/profile">Complete Profile</Link></Button>} />
          );
        }
        return <DiscountCodesManager user={user} businessId={user.businessId} />;
      }}
    </RequireLogin>
  );
}
