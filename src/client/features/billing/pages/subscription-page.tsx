import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import type { CreateSubscriptionResponse, SubscriptionStatusResponse } from '@shared/contracts/billing';
import { plansFor, type Plan } from '@shared/plans';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { RequireLogin } from '@client/components/require-login';
import { useSession } from '@client/features/auth';
import {
  cancelSubscription,
  createSubscription,
  fetchSubscriptionStatus,
  formatPeriodEnd,
  startTrial,
  subscriptionStatusKey,
  usePaymentConfig,
  useSubscriptionStatus,
} from '../api';
import { PlanCard, type PlanCardState } from '../components/plan-card';
import { CurrentSubscriptionCard } from '../components/current-subscription-card';
import { SubscribeDialog } from '../components/subscribe-dialog';
import { ChangePlanDialog } from '../components/change-plan-dialog';
import { MoneyBackCard } from '../components/money-back-card';
import { TrialCard } from '../components/trial-card';
import { toastError } from '@client/lib/toast-error';

export default function SubscriptionPage() {
  return (
    <Page
      title="Subscription Management"
      description="Choose the plan that fits how you work. Upgrade as you grow; every paid plan starts with a 14-day free trial."
    >
      <p className="mb-6 flex items-start gap-2 rounded-lg border border-forest-200 bg-forest-50 p-4 text-sm text-forest-900">
        <CalendarCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          <strong>Flexible Billing:</strong> All plans include flexible billing with no long-term commitments. Cancel or upgrade anytime.
        </span>
      </p>
      <RequireLogin message="Please log in to view subscription options.">{(user) => <Subscription user={user} />}</RequireLogin>
    </Page>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Subscription({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const status = useSubscriptionStatus(true);
  const [selected, setSelected] = useState<Plan | null>(null);
  const [intent, setIntent] = useState<CreateSubscriptionResponse | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [startingTrial, setStartingTrial] = useState(false);
  const [changing, setChanging] = useState<Plan | null>(null);

  const publishableKey = config.data?.stripePublishableKey ?? null;
  const plans = plansFor(user.userType);
  const current: SubscriptionStatusResponse | undefined = status.data;
  const tier = current?.tier ?? user.subscriptionTier;
  const locked = Boolean(current?.hasSubscription && !current.cancelAtPeriodEnd);
  // A live subscription changes plan in place, prorated (decision record 042); a failed payment must be settled first.
  const changeable = locked && current?.status !== 'past_due';

  async function reloadAll() {
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: subscriptionStatusKey })]);
  }

  async function choose(plan: Plan) {
    if (changeable) {
      setChanging(plan);
      return;
    }
    setSelected(plan);
    setIntent(null);
    try {
      setIntent(await createSubscription({ tier: plan.id }));
    } catch (error) {
      setSelected(null);
      toastError(error, 'Failed to create subscription');
    }
  }

  async function closeDialog(open: boolean) {
    if (open) return;
    setSelected(null);
    setIntent(null);
    // A trial starts when the subscription is created, card or not.
    await reloadAll();
  }

  async function confirmed() {
    const plan = selected;
    // The webhook, not the browser, activates the plan: give it a few seconds to arrive.
    let active = false;
    for (let attempt = 0; attempt < 6 && !active; attempt += 1) {
      const next = await fetchSubscriptionStatus().catch(() => null);
      active = Boolean(next?.hasSubscription && next.tier === plan?.id);
      if (!active) await wait(1000);
    }
    setSelected(null);
    setIntent(null);
    await reloadAll();
    if (active) toast({ title: 'Payment Successful', description: 'Your subscription has been activated!' });
    else toast({ title: 'Success!', description: 'Your subscription has been activated. Please refresh the page.' });
  }

  async function beginTrial(plan: Plan) {
    setStartingTrial(true);
    try {
      const trial = await startTrial({ tier: plan.id });
      await reloadAll();
      toast({ title: 'Free trial started', description: `You have ${plan.name} for ${trial.daysLeft} days. No card needed.` });
    } catch (error) {
      toastError(error, 'Failed to start the free trial');
    } finally {
      setStartingTrial(false);
    }
  }

  async function cancel() {
    setCancelling(true);
    try {
      const result = await cancelSubscription();
      await reloadAll();
      toast({ title: 'Subscription Cancelled', description: `Your subscription will remain active until ${formatPeriodEnd(result.currentPeriodEnd)}` });
    } catch {
      toast({ title: 'Error', description: 'Failed to cancel subscription', variant: 'destructive' });
    } finally {
      setCancelling(false);
    }
  }

  function stateOf(plan: Plan): PlanCardState {
    if (!publishableKey) return 'not-configured';
    if (plan.id === tier) return 'current';
    if (plan.priceCents === 0) return 'free';
    if (changeable) return 'change';
    return locked ? 'locked' : 'available';
  }

  if (config.isPending) {
    return (
      <div className="grid gap-6 md:grid-cols-3">
        {[0, 1, 2].map((i) => <Skeleton key={i} className="h-96" />)}
      </div>
    );
  }

  return (
    <>
      {!publishableKey && (
        <div role="alert" className="mb-8 flex gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <h2 className="font-semibold">Payment Processing Setup Required</h2>
            <p className="mt-1 text-sm">Payment processing is being set up. Please contact support or try again later.</p>
          </div>
        </div>
      )}
      {current?.trial && !current.hasSubscription && <TrialCard userType={user.userType} trial={current.trial} canAddCard={Boolean(publishableKey)} />}
      {current?.hasSubscription && <CurrentSubscriptionCard status={current} cancelling={cancelling} onCancel={cancel} />}
      {current?.hasSubscription && publishableKey && <MoneyBackCard onDone={reloadAll} />}
      {publishableKey && (
        <h2 className="mb-4 text-xl font-semibold">{user.userType === 'pro_staff' ? 'Choose Your Pro Staff Plan' : 'Choose Your Business Plan'}</h2>
      )}
      <div className={`grid gap-6 md:grid-cols-2 ${plans.length === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            state={stateOf(plan)}
            isCurrent={plan.id === tier}
            onChoose={choose}
            onStartTrial={current?.trialAvailable ? beginTrial : undefined}
            startingTrial={startingTrial}
          />
        ))}
      </div>
      <p className="mt-6 text-sm text-bark-700">
        All paid plans include a 14-day free trial, a 30-day money-back guarantee and 24/7 support. Prices are per month in US dollars.
      </p>
      <p className="mt-2 text-sm text-bark-700" data-testid="plan-change-terms">
        Changing plans: an upgrade applies at once and you pay the prorated difference for the rest of the month now; a downgrade applies at
        once and the unused difference is credited to your next invoices. Either way you see the exact amount before you confirm.
      </p>
      {publishableKey && (
        <ChangePlanDialog
          plan={changing}
          onOpenChange={(open) => !open && setChanging(null)}
          onChanged={async (_plan, message) => {
            setChanging(null);
            await reloadAll();
            toast({ title: 'Plan changed', description: message });
          }}
        />
      )}
      {publishableKey && (
        <SubscribeDialog plan={selected} intent={intent} publishableKey={publishableKey} onOpenChange={closeDialog} onConfirmed={confirmed} />
      )}
    </>
  );
}
