import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CreateSubscriptionResponse } from '@shared/contracts/billing';
import type { Plan } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toast';
import { formatPeriodEnd } from '../api';

// Stripe.js is fetched from js.stripe.com only when this dialog first needs it (the /pure entry has no side effects).
let stripeLoad: { key: string; promise: Promise<Stripe | null> } | null = null;
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!stripeLoad || stripeLoad.key !== publishableKey) {
    const promise = loadStripe(publishableKey).catch(() => null);
    stripeLoad = { key: publishableKey, promise };
  }
  return stripeLoad.promise;
}

type Props = {
  plan: Plan | null;
  intent: CreateSubscriptionResponse | null;
  publishableKey: string;
  onOpenChange(open: boolean): void;
  onConfirmed(): Promise<void>;
};

export function SubscribeDialog({ plan, intent, publishableKey, onOpenChange, onConfirmed }: Props) {
  const hasIntent = intent !== null;
  const close = useRef(onOpenChange);
  useEffect(() => {
    close.current = onOpenChange;
  });
  useEffect(() => {
    if (!hasIntent) return;
    let current = true;
    void stripeFor(publishableKey).then((stripe) => {
      if (stripe || !current) return;
      toast({ title: 'Error', description: 'Failed to initialize payment', variant: 'destructive' });
      close.current(false);
    });
    return () => {
      current = false;
    };
  }, [hasIntent, publishableKey]);

  return (
    <Dialog open={plan !== null} onOpenChange={onOpenChange}>
      {plan && (
        <DialogContent title={`Subscribe to ${plan.name}`} description={plan.description}>
          <p className="text-2xl font-bold">
            {plan.price}
            <span className="text-sm font-normal text-bark-700"> {plan.period}</span>
          </p>
          {!intent ? (
            <div className="flex items-center justify-center gap-3 py-10 text-sm text-bark-700">
              <Spinner label="Preparing secure payment" /> Preparing secure payment...
            </div>
          ) : (
            <Elements stripe={stripeFor(publishableKey)}>
              <CardForm intent={intent} onConfirmed={onConfirmed} />
            </Elements>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function CardForm({ intent, onConfirmed }: { intent: CreateSubscriptionResponse; onConfirmed(): Promise<void> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const [complete, setComplete] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      toast({ title: 'Error', description: 'Failed to initialize payment', variant: 'destructive' });
      return;
    }
    setProcessing(true);
    try {
      const result =
        intent.intentType === 'setup'
          ? await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } })
          : await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
      if (result.error) {
        toast({ title: 'Payment Failed', description: result.error.message ?? 'Your card could not be confirmed.', variant: 'destructive' });
        return;
      }
      await onConfirmed();
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
      {intent.billingStartsAt && (
        <p className="rounded-md bg-forest-100 p-3 text-sm text-forest-800">
          {intent.trialDays > 0 ? `Your ${intent.trialDays}-day free trial starts today. ` : 'Your new plan starts today. '}
          Nothing is charged until {formatPeriodEnd(intent.billingStartsAt)}; cancel any time before then.
        </p>
      )}
      <label className="flex flex-col gap-2 text-sm font-medium">
        Card details
        <div className="rounded-md border border-bark-200 bg-white p-3">
          <CardElement
            options={{ hidePostalCode: false, style: { base: { fontSize: '16px', color: '#2b2118' } } }}
            onChange={(event) => setComplete(event.complete)}
          />
        </div>
      </label>
      <Button type="submit" disabled={!stripe || !complete || processing}>
        {processing ? 'Processing...' : 'Complete Subscription'}
      </Button>
      <p className="text-xs text-bark-700">Payments are processed securely by Stripe. We never see or store your card number.</p>
    </form>
  );
}
