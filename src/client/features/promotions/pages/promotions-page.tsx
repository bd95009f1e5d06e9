import { useState } from 'react';
import { Link } from 'react-router';
import { Plus, TrendingUp } from 'lucide-react';
import type { Promotion } from '@shared/contracts/promotions';
import { centsToDecimalString, parseMoneyToCents } from '@shared/format';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { AnalyticsDialog } from '../components/analytics-dialog';
import { PromotionsTrend } from '@client/features/analytics';
import { PromotionCard } from '../components/promotion-card';
import { PromotionFormDialog, type PromotionFormValues } from '../components/promotion-form-dialog';
import { useCreatePromotion, useDeletePromotion, usePromotions, useUpdatePromotion } from '../api';
import { formatMoney } from '../format';
import { toastError } from '@client/lib/toast-error';

function toBody(values: PromotionFormValues) {
  return {
    ...values,
    targetUrl: values.targetUrl.trim() || null,
    imageUrl: values.imageUrl.trim() || null,
    targetSpecialties: values.targetAudience === 'specific_specialties' ? values.targetSpecialties : [],
    targetLocation: values.targetAudience === 'location_based' ? values.targetLocation.trim() || null : null,
    dailyBudget: values.dailyBudget.trim() || null,
  };
}

function sumMoney(promotions: Promotion[], pick: (p: Promotion) => string): string {
  return centsToDecimalString(promotions.reduce((sum, p) => sum + (parseMoneyToCents(pick(p)) ?? 0), 0));
}

function AnalyticsTotals({ promotions }: { promotions: Promotion[] }) {
  const totals = [
    { label: 'Total Spent', value: formatMoney(sumMoney(promotions, (p) => p.totalSpent)) },
    { label: 'Total Clicks', value: String(promotions.reduce((n, p) => n + p.totalClicks, 0)) },
    { label: 'Total Impressions', value: String(promotions.reduce((n, p) => n + p.totalImpressions, 0)) },
    { label: 'Active Campaigns', value: String(promotions.filter((p) => p.isActive).length) },
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {totals.map((total) => (
          // dt and dd directly in the card's div: a dl may only wrap them in one div (axe definition-list).
          <Card key={total.label} className="p-5">
            <dt className="text-sm text-bark-700">{total.label}</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={`total-${total.label.toLowerCase().replace(/\s+/g, '-')}`}>{total.value}</dd>
          </Card>
        ))}
      </dl>
      {promotions.length > 0 && (
        <Card>
          <CardHeader><CardTitle>By promotion</CardTitle></CardHeader>
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-bark-700">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">Promotion</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Impressions</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Clicks</th>
                  <th scope="col" className="py-2 pr-4 font-medium">CTR</th>
                  <th scope="col" className="py-2 pr-4 font-medium">Spent</th>
                  <th scope="col" className="py-2 font-medium">Budget</th>
                </tr>
              </thead>
              <tbody>
                {promotions.map((p) => (
                  <tr key={p.id} className="border-t border-bark-100">
                    <th scope="row" className="py-2 pr-4 font-medium">{p.title}</th>
                    <td className="py-2 pr-4">{p.totalImpressions}</td>
                    <td className="py-2 pr-4">{p.totalClicks}</td>
                    <td className="py-2 pr-4">{p.clickThroughRate}%</td>
                    <td className="py-2 pr-4">{formatMoney(p.totalSpent)}</td>
                    <td className="py-2">{formatMoney(p.budget)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function PromotionsManager({ businessId }: { businessId: number }) {
  const promotions = usePromotions(businessId);
  const createPromotion = useCreatePromotion(businessId);
  const updatePromotion = useUpdatePromotion(businessId);
  const deletePromotion = useDeletePromotion(businessId);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [analyticsFor, setAnalyticsFor] = useState<Promotion | null>(null);

  const openCreate = () => {
    setEditing(null);
    setFormOpen(true);
  };

  const save = async (values: PromotionFormValues): Promise<boolean> => {
    try {
      if (editing) {
        await updatePromotion.mutateAsync({ id: editing.id, body: toBody(values) });
        toast({ title: 'Success', description: 'Promotion updated successfully' });
      } else {
        await createPromotion.mutateAsync(toBody(values));
        toast({ title: 'Success', description: 'Promotion created successfully' });
      }
      return true;
    } catch (error) {
      toastError(error, editing ? 'Failed to update promotion' : 'Failed to create promotion');
      return false;
    }
  };

  const toggle = async (promotion: Promotion) => {
    try {
      await updatePromotion.mutateAsync({ id: promotion.id, body: { isActive: !promotion.isActive } });
      toast({ title: 'Success', description: promotion.isActive ? 'Promotion paused' : 'Promotion resumed' });
    } catch (error) {
      toastError(error, 'Failed to update promotion');
    }
  };

  const remove = async (promotion: Promotion) => {
    try {
      await deletePromotion.mutateAsync(promotion.id);
      toast({ title: 'Success', description: 'Promotion deleted successfully' });
    } catch (error) {
      toastError(error, 'Failed to delete promotion');
    }
  };

  const list = (items: Promotion[]) =>
    items.length === 0 ? (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <TrendingUp className="h-10 w-10 text-bark-500" aria-hidden="true" />
          <p className="font-medium">No promotions yet</p>
          <p className="text-sm text-bark-700">Create a promotion to reach pro staff on their dashboard and job list.</p>
          <Button onClick={openCreate}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create Your First Promotion
          </Button>
        </CardContent>
      </Card>
    ) : (
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {items.map((promotion) => (
          <PromotionCard
            key={promotion.id}
            promotion={promotion}
            busy={(updatePromotion.isPending && updatePromotion.variables?.id === promotion.id) || (deletePromotion.isPending && deletePromotion.variables === promotion.id)}
            onAnalytics={() => setAnalyticsFor(promotion)}
            onEdit={() => {
              setEditing(promotion);
              setFormOpen(true);
            }}
            onToggleActive={() => void toggle(promotion)}
            onDelete={() => void remove(promotion)}
          />
        ))}
      </div>
    );

  const all = promotions.data ?? [];
  return (
    <Page
      title="Paid Promotions"
      description="Put your brand in front of the pro staff you want. You pay only for clicks, within your budgets."
      actions={
        <Button onClick={openCreate}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Create Promotion
        </Button>
      }
    >
      {promotions.isLoading ? (
        <div className="flex justify-center py-16"><Spinner label="Loading promotions" /></div>
      ) : promotions.isError ? (
        <Notice title="Could not load promotions">{describeError(promotions.error)}</Notice>
      ) : (
        <Tabs defaultValue="active">
          <TabsList>
            <TabsTrigger value="active">Active Promotions</TabsTrigger>
            <TabsTrigger value="all">All Promotions</TabsTrigger>
            <TabsTrigger value="analytics">Analytics</TabsTrigger>
          </TabsList>
          <TabsContent value="active">{list(all.filter((p) => p.isActive))}</TabsContent>
          <TabsContent value="all">{list(all)}</TabsContent>
          <TabsContent value="analytics"><AnalyticsTotals promotions={all} /><PromotionsTrend /></TabsContent>
        </Tabs>
      )}
      <PromotionFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        promotion={editing}
        pending={createPromotion.isPending || updatePromotion.isPending}
        onSubmit={save}
      />
      <AnalyticsDialog promotion={analyticsFor} onClose={() => setAnalyticsFor(null)} />
    </Page>
  );
}

export default function PromotionsPage() {
  return (
    <RequireLogin message="Please log in to manage promotions.">
      {(user) =>
        user.userType !== 'business' ? (
          <Notice title="Paid Promotions">Access restricted to business accounts.</Notice>
        ) : user.businessId === null ? (
          <Notice title="Paid Promotions" action={<Button asChild><Link to="/profile">Complete Profile</Link></Button>}>
            Please complete your business profile first.
          </Notice>
        ) : (
          <PromotionsManager businessId={user.businessId} />
        )
      }
    </RequireLogin>
  );
}
