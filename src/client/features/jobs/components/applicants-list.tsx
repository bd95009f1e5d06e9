import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { ApplicationStatus, ReceivedApplication } from '@shared/contracts/jobs';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useJobApplications, useSetApplicationStatus } from '../api';
import { formatDate } from '../format-date';
import { ApplicationStatusBadge } from './application-status-badge';

type Decision = 'shortlisted' | 'accepted' | 'rejected';
const actions: { status: Decision; label: string; from: ApplicationStatus[]; variant: 'outline' | 'primary' | 'destructive' }[] = [
  { status: 'shortlisted', label: 'Shortlist', from: ['pending'], variant: 'outline' },
  { status: 'accepted', label: 'Accept', from: ['pending', 'shortlisted'], variant: 'primary' },
  { status: 'rejected', label: 'Reject', from: ['pending', 'shortlisted'], variant: 'destructive' },
];
const doneMessages: Record<Decision, string> = { shortlisted: 'Applicant Shortlisted', accepted: 'Applicant Accepted', rejected: 'Applicant Rejected' };

function Applicant({ application }: { application: ReceivedApplication }) {
  const setStatus = useSetApplicationStatus();
  const { applicant } = application;
  const name = `${applicant.firstName} ${applicant.lastName}`;

  const decide = async (status: Decision) => {
    try {
      await setStatus.mutateAsync({ id: application.id, status });
      toast({ title: doneMessages[status], description: name });
    } catch (error) {
      toast({ title: 'Could not update application', description: describeError(error), variant: 'destructive' });
    }
  };

  return (
    <li className="rounded-md border border-bark-200 bg-bark-50 p-3 text-sm" data-testid="applicant">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Link to={`/profile/${applicant.proStaffId}`} className="font-semibold text-forest-700 hover:underline">{name}</Link>
          <span className="inline-flex items-center gap-0.5 text-xs text-bark-700">
            <Star className="h-3 w-3" aria-hidden="true" />
            {applicant.rating > 0 ? `${applicant.rating.toFixed(1)}/5` : 'New'}
          </span>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </div>
      <p className="mt-1 text-xs text-bark-700">
        {applicant.location ?? 'Location not specified'} · {applicant.experience} years experience · Applied {formatDate(application.createdAt)}
      </p>
      {applicant.specialties.length > 0 && (
        <div className="mt-1 flex flex-wrap gap-1">
          {applicant.specialties.slice(0, 3).map((specialty) => <Badge key={specialty} tone="outline">{specialty}</Badge>)}
          {applicant.specialties.length > 3 && <Badge tone="outline">+{applicant.specialties.length - 3} more</Badge>}
        </div>
      )}
      {application.coverLetter && <p className="mt-2 whitespace-pre-line text-bark-900">{application.coverLetter}</p>}
      <div className="mt-2 flex flex-wrap gap-2">
        {actions
          .filter((action) => action.from.includes(application.status))
          .map((action) => (
            <Button
              key={action.status}
              size="sm"
              variant={action.variant}
              disabled={setStatus.isPending}
              onClick={() => decide(action.status)}
              aria-label={`${action.label} ${name}`}
            >
              {action.label}
            </Button>
          ))}
      </div>
    </li>
  );
}

/** The applicants to one of the business's own postings, with status actions. */
export function ApplicantsList({ jobPostingId }: { jobPostingId: number }) {
  const applications = useJobApplications(jobPostingId);
  if (applications.isPending) return <Skeleton className="h-16" />;
  if (applications.isError) return <p role="alert" className="text-sm text-red-700">{describeError(applications.error)}</p>;
  if (applications.data.length === 0) return <p className="text-sm text-bark-700">No applications yet.</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label="Applicants">
      {applications.data.map((application) => <Applicant key={application.id} application={application} />)}
    </ul>
  );
}
