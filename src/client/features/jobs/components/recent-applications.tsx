import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useRecentApplications } from '../api';
import { formatDate } from '../format-date';
import { ApplicationStatusBadge } from './application-status-badge';

/** The business's newest applications across all postings, linking to the Jobs tab to decide. */
export function RecentApplications({ businessId, onReview }: { businessId: number; onReview: () => void }) {
  const applications = useRecentApplications(businessId);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Latest Applications</CardTitle>
        <Button variant="link" size="sm" onClick={onReview}>Review in Jobs</Button>
      </CardHeader>
      <CardContent>
        {applications.isPending ? (
          <Skeleton className="h-16" />
        ) : applications.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(applications.error)}</p>
        ) : applications.data.length === 0 ? (
          <p className="text-sm text-bark-700">No applications yet. They appear here as soon as pro staff apply.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label="Latest applications">
            {applications.data.map((application) => (
              <li key={application.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="latest-application">
                <div className="min-w-0">
                  <Link to={`/profile/${application.applicant.proStaffId}`} className="font-medium text-forest-700 hover:underline">
                    {application.applicant.firstName} {application.applicant.lastName}
                  </Link>
                  <p className="truncate text-xs text-bark-700">{application.job.title} · {formatDate(application.createdAt)}</p>
                </div>
                <ApplicationStatusBadge status={application.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
