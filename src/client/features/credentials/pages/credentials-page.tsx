import { useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, FileText } from 'lucide-react';
import type { SessionUser } from '@shared/contracts/auth';
import { credentialTypeLabels, type Credential, type CredentialFieldsInput } from '@shared/contracts/credentials';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useMyCredentials, useWithdrawCredential } from '../api';
import { CredentialStatusBadge, formatDay } from '../components/credential-bits';
import { CredentialForm, emptyCredential, fieldsOf } from '../components/credential-form';

function CredentialRow({ credential, onResubmit, onWithdraw }: { credential: Credential; onResubmit(): void; onWithdraw(): void }) {
  const label = credentialTypeLabels[credential.type];
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-2 p-4" data-testid="credential-row">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-bark-900">{label} · {credential.issuingAuthority}</p>
              <p className="text-sm break-words text-bark-700">
                No. {credential.number} · issued {formatDay(credential.issuedOn)} · {credential.expiresOn ? `expires ${formatDay(credential.expiresOn)}` : 'does not expire'}
              </p>
            </div>
            <CredentialStatusBadge status={credential.status} />
          </div>
          {credential.decisionReason && (
            <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">
              {credential.status === 'revoked' ? 'Revoked' : 'Not approved'}: {credential.decisionReason}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {credential.documentUrl && (
              <a href={credential.documentUrl} className="inline-flex items-center gap-1 text-forest-700 underline" aria-label={`${credential.documentName}, the document of your ${label}`}>
                <FileText className="h-4 w-4" aria-hidden="true" /> {credential.documentName}
              </a>
            )}
            {credential.status === 'pending' && (
              <Button variant="outline" size="sm" onClick={onWithdraw} aria-label={`Withdraw your ${label}`}>Withdraw</Button>
            )}
            {(credential.status === 'rejected' || credential.status === 'expired' || credential.status === 'withdrawn') && (
              <Button variant="outline" size="sm" onClick={onResubmit} aria-label={`Submit your ${label} again`}>Submit again</Button>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

function Credentials({ user }: { user: SessionUser }) {
  const mine = useMyCredentials();
  const withdraw = useWithdrawCredential();
  const [initial, setInitial] = useState<CredentialFieldsInput>(emptyCredential);
  const [formKey, setFormKey] = useState(0);
  const [withdrawing, setWithdrawing] = useState<Credential | null>(null);

  if (user.userType !== 'pro_staff') return <Notice title="Credentials are for pro staff accounts." />;
  if (user.proStaffId === null) {
    return <Notice title="Complete your pro staff profile first." action={<Button asChild><Link to="/profile">Go to your profile</Link></Button>} />;
  }
  const verified = mine.data?.some((credential) => credential.status === 'approved') ?? false;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Submit a credential</CardTitle>
          <p className="text-sm text-bark-700">
            {verified ? (
              <span className="inline-flex items-center gap-1 text-forest-800"><BadgeCheck className="h-4 w-4" aria-hidden="true" /> Your profile shows the verified badge.</span>
            ) : (
              'An approved guide or outfitter licence, hunter education certificate or other credential earns the verified badge on your profile.'
            )}{' '}
            Businesses see the type and issuing state, never the number or the document.
          </p>
        </CardHeader>
        <CardContent>
          <CredentialForm key={formKey} initial={initial} onSubmitted={() => setInitial(emptyCredential)} />
        </CardContent>
      </Card>

      <section aria-labelledby="my-credentials-heading" className="flex flex-col gap-3">
        <h2 id="my-credentials-heading" className="text-lg font-semibold">Your credentials</h2>
        {mine.isPending ? (
          <div role="status" aria-busy="true" className="flex flex-col gap-3">
            <span className="sr-only">Loading credentials</span>
            {[0, 1].map((i) => <Skeleton key={i} className="h-20" />)}
          </div>
        ) : mine.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(mine.error)}</p>
        ) : mine.data.length === 0 ? (
          <p className="text-sm text-bark-700">You have not submitted a credential yet.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {mine.data.map((credential) => (
              <CredentialRow
                key={credential.id}
                credential={credential}
                onWithdraw={() => setWithdrawing(credential)}
                onResubmit={() => {
                  setInitial(fieldsOf(credential));
                  setFormKey((key) => key + 1);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title="Withdraw this credential?"
        description="It leaves the review queue. You can submit it again later."
        confirmLabel="Withdraw"
        destructive
        onConfirm={() => {
          const target = withdrawing;
          setWithdrawing(null);
          if (!target) return;
          withdraw.mutateAsync(target.id).then(
            () => toast({ title: 'Credential withdrawn' }),
            (error: unknown) => toast({ title: 'Could not withdraw', description: describeError(error), variant: 'destructive' }),
          );
        }}
      />
    </div>
  );
}

export default function CredentialsPage() {
  return (
    <Page title="Verified Credentials" description="Get the verified badge: submit your licences and certificates for review.">
      <RequireLogin message="Please log in to manage your credentials.">{(user) => <Credentials user={user} />}</RequireLogin>
    </Page>
  );
}
