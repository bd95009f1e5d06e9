import { useState } from 'react';
import { MapPin, Plus } from 'lucide-react';
import type { OwnJobPosting } from '@shared/contracts/jobs';
import { planFor } from '@shared/plans';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useLimitGate } from '@client/components/plan-limit';
import { useSession } from '@client/features/auth';
import { useBusinessJobStats, useOwnJobPostings, useSaveJobPosting } from '../api';
import { formatDate } from '../format-date';
import { ApplicantsList } from './applicants-list';
import { JobPostingDialog } from './job-posting-dialog';
import { ActionError } from './plan-limit-notice';
import { PlanUsage } from './plan-usage';

function PostingRow({ posting, onEdit }: { posting: OwnJobPosting; onEdit: () => void }) {
  const [showApplicants, setShowApplicants] = useState(false);
  const save = useSaveJobPosting();

  const toggleActive = async () => {
    try {
      await save.mutateAsync({ id: posting.id, body: { isActive: !posting.isActive } });
      toast({ title: posting.isActive ? 'Job Posting Closed' : 'Job Posting Reopened', description: posting.title });
    } catch {
      // Shown under the row, with an upgrade link for plan limits.
    }
  };

  return (
    <li className="rounded-lg border border-bark-200 bg-white p-4" data-testid="own-job">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{posting.title}</h3>
          <p className="mt-1 inline-flex items-center gap-1 text-xs text-bark-700">
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            {posting.location ?? 'Location not specified'} · Posted {formatDate(posting.createdAt)}
          </p>
        </div>
        <Badge tone={posting.isActive ? 'green' : 'neutral'}>{posting.isActive ? 'Active' : 'Inactive'}</Badge>
      </div>
      <p className="mt-2 line-clamp-3 text-sm text-bark-700">{posting.description}</p>
      {posting.compensation && <p className="mt-1 text-sm"><span className="font-medium">Compensation:</span> {posting.compensation}</p>}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => setShowApplicants(!showApplicants)} aria-expanded={showApplicants}>
          {showApplicants ? 'Hide Applicants' : `View Applicants (${posting.applicationCount})`}
        </Button>
        {posting.pendingCount > 0 && <Badge tone="orange">{posting.pendingCount} new</Badge>}
        <Button size="sm" variant="ghost" onClick={onEdit}>Edit</Button>
        <Button size="sm" variant="ghost" onClick={toggleActive} disabled={save.isPending}>
          {posting.isActive ? 'Close Posting' : 'Reopen Posting'}
        </Button>
      </div>
      {save.error ? <div className="mt-2"><ActionError error={save.error} /></div> : null}
      {showApplicants && <div className="mt-3"><ApplicantsList jobPostingId={posting.id} /></div>}
    </li>
  );
}

/** The business's own postings: create, edit, close or reopen, and review applicants. */
export function BusinessJobs({ businessId }: { businessId: number }) {
  const postings = useOwnJobPostings(businessId);
  const stats = useBusinessJobStats(businessId);
  const { user } = useSession();
  const plan = planFor('business', user?.subscriptionTier);
  const [editing, setEditing] = useState<OwnJobPosting | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  // New postings start active, so both posting limits apply before the form opens.
  const gate = useLimitGate(['jobPostsPerMonth', 'activeJobPostings']);

  const open = (posting?: OwnJobPosting) => {
    setEditing(posting);
    setDialogOpen(true);
  };

  return (
    <section aria-labelledby="jobs-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="jobs-heading" className="text-xl font-semibold">Job Postings</h2>
          {stats.data && (
            <PlanUsage
              userType="business"
              tier={plan.id}
              usage={[
                { used: stats.data.postsThisMonth, limit: plan.limits.jobPostsPerMonth, what: 'job posts this month' },
                { used: stats.data.activeJobPostings, limit: plan.limits.activeJobPostings, what: 'active postings' },
              ]}
            />
          )}
        </div>
        <Button onClick={() => gate.attempt(() => open())}><Plus className="h-4 w-4" aria-hidden="true" />New Posting</Button>
      </div>
      {postings.isPending ? (
        <div className="flex flex-col gap-3">{[0, 1].map((i) => <Skeleton key={i} className="h-28" />)}</div>
      ) : postings.isError ? (
        <p role="alert" className="text-sm text-red-700">Could not load your postings: {describeError(postings.error)}</p>
      ) : postings.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-bark-200 p-6 text-center text-sm text-bark-700">
          No job postings yet. Post your first job to start receiving applications.
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {postings.data.map((posting) => <PostingRow key={posting.id} posting={posting} onEdit={() => open(posting)} />)}
        </ul>
      )}
      {gate.dialog}
      <JobPostingDialog open={dialogOpen} onOpenChange={setDialogOpen} posting={editing} />
    </section>
  );
}
