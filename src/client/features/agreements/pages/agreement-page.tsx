import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { EXCLUSIVITY_CONFLICT, exclusivityCategoryLabels, type Agreement, type AgreementAction } from '@shared/contracts/agreements';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useAcceptAgreement, useAgreement, useAgreementHistory, useDeclineAgreement, useEndAgreement } from '../api';
import { AgreementTerms, StatusBadge } from '../components/agreement-bits';
import { OfferDialog } from '../components/offer-dialog';
import { toastError } from '@client/lib/toast-error';
import { BrandBanner } from '@client/features/branding';

const actionLabels: Record<AgreementAction, string> = {
  offered: 'Offered',
  revised: 'New terms proposed',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  ended: 'Ended',
  superseded: 'Replaced by new terms',
  expired: 'Expired',
  tier_changed: 'Moved to another program tier',
};

function History({ id, expiredOn }: { id: number; expiredOn: string | null }) {
  const history = useAgreementHistory(id);
  if (history.isLoading) return <Skeleton className="h-24" />;
  if (history.isError) return <p role="alert" className="text-sm text-red-800">{describeError(history.error)}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="agreement-history">
      {(history.data ?? []).map((event) => (
        <li key={event.id} className="border-l-2 border-forest-200 pl-3 text-sm">
          <p className="font-medium text-bark-900">{actionLabels[event.action]} <span className="font-normal text-bark-700">(version {event.version})</span></p>
          <p className="text-bark-700">{event.action === 'expired' ? 'The term ended' : event.actorName ?? 'Someone'} · {new Date(event.createdAt).toLocaleString()}</p>
          {event.reason && <p className="break-words text-bark-700">Reason: {event.reason}</p>}
        </li>
      ))}
      {/* Until the daily expiry task has written its event, the end date says it. */}
      {expiredOn && !history.data?.some((event) => event.action === 'expired') && (
        <li className="border-l-2 border-forest-200 pl-3 text-sm">
          <p className="font-medium text-bark-900">Expired</p>
          <p className="text-bark-700">The term ended on {expiredOn}.</p>
        </li>
      )}
    </ol>
  );
}

/** Asks for the reason, then ends (or declines) the agreement. */
function ReasonDialog({ open, onOpenChange, title, label, required, onSubmit, busy }: {
  open: boolean; onOpenChange(open: boolean): void; title: string; label: string; required: boolean; onSubmit(reason: string): Promise<void>; busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => { onOpenChange(next); if (!next) { setReason(''); setError(null); } }}>
      <DialogContent title={title}>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (required && !reason.trim()) return setError('Give a reason');
            void onSubmit(reason.trim());
          }}
        >
          <div>
            <Label htmlFor="agreement-reason">{label}</Label>
            <Textarea id="agreement-reason" value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? 'agreement-reason-error' : undefined} />
            {error && <p id="agreement-reason-error" className="mt-1 text-sm text-red-700">{error}</p>}
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" variant="destructive" disabled={busy}>{busy ? 'Saving...' : title}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Actions({ agreement, user }: { agreement: Agreement; user: SessionUser }) {
  const navigate = useNavigate();
  const accept = useAcceptAgreement();
  const decline = useDeclineAgreement();
  const end = useEndAgreement();
  const [confirmEnded, setConfirmEnded] = useState(false);
  const [dialog, setDialog] = useState<'end' | 'decline' | 'revise' | null>(null);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const isStaffer = user.userType === 'pro_staff';
  const category = agreement.exclusivityCategory ? exclusivityCategoryLabels[agreement.exclusivityCategory] : '';

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      toast({ title: 'Success', description: success });
      setDialog(null);
    } catch (error) {
      if (error instanceof ApiError && (error.details as { reason?: string } | undefined)?.reason === EXCLUSIVITY_CONFLICT) setAcceptError(describeError(error));
      toastError(error);
    }
  }

  const buttons = [];
  if (agreement.status === 'offered' && isStaffer) {
    buttons.push(
      <Button key="accept" disabled={accept.isPending || (agreement.conflictAcknowledged && !confirmEnded)}
        onClick={() => void run(() => accept.mutateAsync({ id: agreement.id, body: { confirmConflictEnded: confirmEnded } }), 'Agreement accepted.')}>
        Accept Agreement
      </Button>,
      <Button key="decline" variant="outline" onClick={() => setDialog('decline')}>Decline</Button>,
    );
  }
  if (agreement.status === 'offered' && !isStaffer) buttons.push(<Button key="withdraw" variant="outline" onClick={() => setDialog('end')}>Withdraw Offer</Button>);
  if (agreement.status === 'active') {
    if (!isStaffer) buttons.push(<Button key="revise" variant="outline" onClick={() => setDialog('revise')}>Change Terms</Button>);
    buttons.push(<Button key="end" variant="destructive" onClick={() => setDialog('end')}>End Agreement</Button>);
  }
  if (buttons.length === 0) return null;

  return (
    <div className="flex flex-col gap-3">
      {agreement.status === 'offered' && isStaffer && agreement.conflictAcknowledged && (
        <label className="flex items-start gap-2 rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900">
          <input type="checkbox" className="mt-1" checked={confirmEnded} onChange={(e) => setConfirmEnded(e.target.checked)} />
          <span>This offer is exclusive in {category}. I confirm I have ended my other exclusive {category} agreement.</span>
        </label>
      )}
      {acceptError && <p role="alert" className="text-sm text-red-800">{acceptError}</p>}
      <div className="flex flex-wrap gap-2">{buttons}</div>
      <ReasonDialog
        open={dialog === 'end' || dialog === 'decline'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog === 'decline' ? 'Decline Offer' : agreement.status === 'offered' ? 'Withdraw Offer' : 'End Agreement'}
        label={dialog === 'decline' ? 'Reason (optional)' : 'Reason'}
        required={dialog !== 'decline'}
        busy={end.isPending || decline.isPending}
        onSubmit={(reason) =>
          dialog === 'decline'
            ? run(() => decline.mutateAsync({ id: agreement.id, reason }), 'Offer declined.')
            : run(() => end.mutateAsync({ id: agreement.id, reason }), agreement.status === 'offered' ? 'Offer withdrawn.' : 'Agreement ended.')
        }
      />
      <OfferDialog open={dialog === 'revise'} onOpenChange={(open) => !open && setDialog(null)} base={agreement} onSent={(sent) => void navigate(`/agreements/${sent.id}`)} />
    </div>
  );
}

function AgreementDetail({ id, user }: { id: number; user: SessionUser }) {
  const agreement = useAgreement(id);
  if (agreement.isLoading) return <Page><Skeleton className="h-64" /></Page>;
  if (agreement.isError || !agreement.data) {
    const missing = agreement.error instanceof ApiError && agreement.error.status === 404;
    return <Notice title={missing ? 'Agreement not found' : 'Could not load the agreement'} action={<Button asChild variant="outline"><Link to="/agreements">Back to Agreements</Link></Button>}>{missing ? undefined : describeError(agreement.error)}</Notice>;
  }
  const a = agreement.data;
  const other = user.userType === 'business' ? a.proStaffName : a.businessName;
  return (
    <Page title={`Agreement with ${other}`} description={`Version ${a.version}`}>
      <Link to="/agreements" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-forest-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Agreements
      </Link>
      {/* The business's custom branding (decision record 045), when its plan includes it. */}
      <BrandBanner brand={a.brand} name={a.businessName} className="mb-6" />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>Terms</CardTitle>
            <StatusBadge status={a.status} />
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            <AgreementTerms agreement={a} />
            {a.acceptedAt && <p className="text-sm text-bark-700">Accepted {new Date(a.acceptedAt).toLocaleString()}{a.acceptedIp ? ` from ${a.acceptedIp}` : ''}.</p>}
            {a.endReason && <p className="break-words text-sm text-bark-700">Reason given: {a.endReason}</p>}
            <Actions agreement={a} user={user} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader><CardTitle>History</CardTitle></CardHeader>
          <CardContent><History id={id} expiredOn={a.status === 'expired' ? a.endDate : null} /></CardContent>
        </Card>
      </div>
    </Page>
  );
}

export default function AgreementPage() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <RequireLogin message="Please log in to see your agreements.">
      {(user) => (Number.isInteger(numeric) && numeric > 0 ? <AgreementDetail key={numeric} id={numeric} user={user} /> : <Notice title="Agreement not found" />)}
    </RequireLogin>
  );
}
