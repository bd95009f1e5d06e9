import { useState } from 'react';
import { FileText } from 'lucide-react';
import { credentialTypeLabels, type QueuedCredential } from '@shared/contracts/credentials';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useApproveCredential, useCredentialQueue, useRejectCredential, useRevokeCredential } from '../api';
import { CredentialStatusBadge, formatDay } from './credential-bits';

type Decision = { kind: 'reject' | 'revoke'; credential: QueuedCredential };

function ReasonDialog({ decision, onClose }: { decision: Decision | null; onClose(): void }) {
  const reject = useRejectCredential();
  const revoke = useRevokeCredential();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const busy = reject.isPending || revoke.isPending;
  const verb = decision?.kind === 'revoke' ? 'Revoke' : 'Reject';

  async function confirm() {
    if (!decision) return;
    if (reason.trim().length < 3) return setError('Give a reason the staffer can act on');
    try {
      const mutation = decision.kind === 'revoke' ? revoke : reject;
      await mutation.mutateAsync({ id: decision.credential.id, reason: reason.trim() });
      toast({ title: decision.kind === 'revoke' ? 'Credential revoked' : 'Credential rejected', description: `${decision.credential.proStaffName} will get an email with your reason.` });
      setReason('');
      setError(undefined);
      onClose();
    } catch (failure) {
      setError(describeError(failure));
    }
  }

  return (
    <Dialog open={decision !== null} onOpenChange={(open) => { if (!open) { setReason(''); setError(undefined); onClose(); } }}>
      <DialogContent
        title={`${verb} credential`}
        description={decision ? `${credentialTypeLabels[decision.credential.type]} of ${decision.credential.proStaffName}. The staffer sees your reason.` : undefined}
      >
        <form className="flex flex-col gap-4" onSubmit={(event) => { event.preventDefault(); void confirm(); }}>
          <Field id="credential-decision-reason" label="Reason" error={error}>
            <Textarea id="credential-decision-reason" value={reason} maxLength={500} aria-invalid={Boolean(error)} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="destructive" disabled={busy}>{busy ? 'Saving...' : verb}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function QueueRow({ credential, onDecide }: { credential: QueuedCredential; onDecide(kind: Decision['kind']): void }) {
  const approve = useApproveCredential();
  const label = credentialTypeLabels[credential.type];
  return (
    <li className="flex flex-col gap-2 py-3 text-sm" data-testid="credential-queue-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-bark-900">
            {credential.proStaffName} · {label} · {credential.issuingAuthority}
          </p>
          <p className="break-words text-bark-700">
            No. {credential.number} · issued {formatDay(credential.issuedOn)} · {credential.expiresOn ? `expires ${formatDay(credential.expiresOn)}` : 'no expiry'} ·{' '}
            <span className="break-all">{credential.proStaffEmail}</span> · submitted {new Date(credential.submittedAt).toLocaleDateString('en-US')}
            {credential.proStaffVerified && ' · already verified'}
          </p>
        </div>
        <CredentialStatusBadge status={credential.status} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {credential.documentUrl ? (
          <a href={credential.documentUrl} className="inline-flex items-center gap-1 text-forest-700 underline" aria-label={`${credential.documentName}, the document of ${credential.proStaffName}'s ${label}`}>
            <FileText className="h-4 w-4" aria-hidden="true" /> {credential.documentName}
          </a>
        ) : (
          <span className="text-bark-700">No document on file</span>
        )}
        {credential.status === 'pending' ? (
          <>
            <Button
              size="sm"
              disabled={approve.isPending}
              aria-label={`Approve ${credential.proStaffName}'s ${label}`}
              onClick={() =>
                // mutateAsync: the row leaves the queue (and unmounts) once the queue reloads, before mutate's own callbacks would run.
                approve.mutateAsync(credential.id).then(
                  () => toast({ title: 'Credential approved', description: `${credential.proStaffName} now shows the verified badge.` }),
                  (error: unknown) => toast({ title: 'Could not approve', description: describeError(error), variant: 'destructive' }),
                )
              }
            >
              Approve
            </Button>
            <Button size="sm" variant="outline" aria-label={`Reject ${credential.proStaffName}'s ${label}`} onClick={() => onDecide('reject')}>Reject</Button>
          </>
        ) : (
          <Button size="sm" variant="outline" aria-label={`Revoke ${credential.proStaffName}'s ${label}`} onClick={() => onDecide('revoke')}>Revoke</Button>
        )}
      </div>
    </li>
  );
}

/** The admin's credential review queue (pending, oldest first) and the approved credentials, with the decisions. */
export function CredentialQueuePanel() {
  const [status, setStatus] = useState<'pending' | 'approved'>('pending');
  const queue = useCredentialQueue(status);
  const [decision, setDecision] = useState<Decision | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Credential Reviews</CardTitle>
        <div role="group" aria-label="Which credentials" className="flex gap-2">
          <Button size="sm" variant={status === 'pending' ? 'primary' : 'outline'} aria-pressed={status === 'pending'} onClick={() => setStatus('pending')}>Waiting for review</Button>
          <Button size="sm" variant={status === 'approved' ? 'primary' : 'outline'} aria-pressed={status === 'approved'} onClick={() => setStatus('approved')}>Approved</Button>
        </div>
      </CardHeader>
      <CardContent>
        {queue.isPending ? (
          <p className="text-sm text-bark-700">Loading credentials...</p>
        ) : queue.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(queue.error)}</p>
        ) : queue.data.length === 0 ? (
          <p className="text-sm text-bark-700">{status === 'pending' ? 'No credentials waiting for review.' : 'No approved credentials.'}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label={status === 'pending' ? 'Credentials waiting for review' : 'Approved credentials'}>
            {queue.data.map((credential) => (
              <QueueRow key={credential.id} credential={credential} onDecide={(kind) => setDecision({ kind, credential })} />
            ))}
          </ul>
        )}
      </CardContent>
      <ReasonDialog decision={decision} onClose={() => setDecision(null)} />
    </Card>
  );
}
