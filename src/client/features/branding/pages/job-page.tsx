import { Link, useParams } from 'react-router';
import { Briefcase, MapPin } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError, describeError } from '@client/lib/api';
import { formatDate } from '@client/features/jobs';
import { useJobPosting } from '../api';
import { BrandBanner } from '../components/brand-banner';

/** One job posting, under its business's branding while the business's plan includes it (decision record 045). */
export default function JobPage() {
  const id = Number(useParams().id);
  const job = useJobPosting(id);
  const valid = Number.isInteger(id) && id > 0;
  if (!valid || job.isError) {
    const missing = !valid || (job.error instanceof ApiError && job.error.status === 404);
    return (
      <Page>
        <Notice title={missing ? 'Job posting not found' : 'Could not load the job posting'} action={<Button asChild variant="outline"><Link to="/pro-staff-dashboard">Find jobs</Link></Button>}>
          {missing ? undefined : describeError(job.error)}
        </Notice>
      </Page>
    );
  }
  if (job.isPending) return <Page><Skeleton className="h-64 w-full" /></Page>;
  const posting = job.data;
  return (
    <Page>
      <div className="flex flex-col gap-6">
        <BrandBanner brand={posting.brand} name={posting.businessName} />
        <Card>
          <CardContent className="flex flex-col gap-3 pt-5">
            <h1 className="text-2xl font-bold sm:text-3xl">{posting.title}</h1>
            <p className="text-sm text-bark-700">
              Posted by <Link to={`/business/${posting.businessId}`} className="font-medium text-forest-700 underline underline-offset-4">{posting.businessName}</Link> on {formatDate(posting.createdAt)}
              {!posting.isActive && ' · closed'}
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-bark-700">
              <span className="inline-flex items-center gap-1"><MapPin className="h-4 w-4" aria-hidden="true" />{posting.location ?? 'Location not specified'}</span>
              {posting.compensation && <span className="inline-flex items-center gap-1"><Briefcase className="h-4 w-4" aria-hidden="true" />{posting.compensation}</span>}
            </div>
            {posting.specialties.length > 0 && <div className="flex flex-wrap gap-1">{posting.specialties.map((specialty) => <Badge key={specialty} tone="outline">{specialty}</Badge>)}</div>}
            <p className="whitespace-pre-line break-words text-bark-800">{posting.description}</p>
            <div><Button asChild><Link to="/pro-staff-dashboard">Apply from your dashboard</Link></Button></div>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
