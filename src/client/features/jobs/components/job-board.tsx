import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Briefcase, MapPin } from 'lucide-react';
import type { JobPosting, MyApplication } from '@shared/contracts/jobs';
import { proStaffSpecialties } from '@shared/specialties';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/components/ui/cn';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { PromotionSlot } from '@client/features/promotions';
import { BrandBanner } from '@client/features/branding';
import { formatDate } from '../format-date';
import { useActiveJobPostings, useMyApplications, type JobFilters } from '../api';
import { ApplicationStatusBadge } from './application-status-badge';
import { ApplyDialog } from './apply-dialog';

const NEW_FOR_DAYS = 14;
const isNew = (createdAt: string) => Date.now() - new Date(createdAt).getTime() < NEW_FOR_DAYS * 24 * 60 * 60 * 1000;

/** `compact` (a short row on a phone): "Complete profile", whose name stays "Complete your profile to apply". */
function ApplyAction({ job, application, canApply, onApply, compact = false }: { job: JobPosting; application?: MyApplication; canApply: boolean; onApply: () => void; compact?: boolean }) {
  if (application) return <span className="inline-flex items-center gap-2 text-sm">Applied <ApplicationStatusBadge status={application.status} /></span>;
  if (canApply) return <Button size="sm" onClick={onApply} aria-label={`Apply Now: ${job.title}`}>Apply Now</Button>;
  const hidden = compact ? 'max-sm:sr-only' : undefined;
  return <Button size="sm" variant="outline" asChild><Link to="/profile"><span>Complete<span className={hidden}> your</span> profile<span className={hidden}> to apply</span></span></Link></Button>;
}

type JobCardProps = { job: JobPosting; application?: MyApplication; canApply: boolean; onApply: () => void; className?: string };

/** The dashboard's short form: title, business and place on the left, the Apply action on the right. */
function CompactJobCard(props: JobCardProps) {
  const { job, className } = props;
  return (
    <li className={cn('flex items-center gap-3 rounded-lg border border-bark-200 bg-white px-3 py-2', className)} data-testid="job-card">
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-bark-900">{job.title}{isNew(job.createdAt) && <Badge tone="orange" className="ml-2 align-middle">New</Badge>}</h3>
        <p className="truncate text-xs text-bark-700">{job.businessName} · {job.location ?? 'Location not specified'}</p>
      </div>
      <div className="shrink-0"><ApplyAction {...props} compact /></div>
    </li>
  );
}

function JobCard(props: JobCardProps) {
  const { job, className } = props;
  return (
    <li className={cn('rounded-lg border border-bark-200 bg-white p-4', className)} data-testid="job-card">
      {/* The business's custom branding (decision record 045), when its plan includes it. */}
      <BrandBanner brand={job.brand} name={job.businessName} size="sm" className="mb-3" />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold text-bark-900"><Link to={`/jobs/${job.id}`} className="hover:underline">{job.title}</Link></h3>
          <p className="text-sm text-bark-700"><Link to={`/business/${job.businessId}`} className="hover:underline">{job.businessName}</Link></p>
        </div>
        {isNew(job.createdAt) && <Badge tone="orange">New</Badge>}
      </div>
      <p className="mt-2 line-clamp-3 text-sm text-bark-700">{job.description}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-bark-700">
        <span className="inline-flex items-center gap-1"><MapPin className="h-3.5 w-3.5" aria-hidden="true" />{job.location ?? 'Location not specified'}</span>
        {job.compensation && <span className="inline-flex items-center gap-1"><Briefcase className="h-3.5 w-3.5" aria-hidden="true" />{job.compensation}</span>}
        <span>Posted {formatDate(job.createdAt)}</span>
      </div>
      {job.specialties.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-1">
          {job.specialties.slice(0, 3).map((specialty) => <Badge key={specialty} tone="outline">{specialty}</Badge>)}
          {job.specialties.length > 3 && <Badge tone="outline">+{job.specialties.length - 3} more</Badge>}
        </div>
      )}
      <div className="mt-3 flex items-center gap-2"><ApplyAction {...props} /></div>
    </li>
  );
}

/**
 * Active jobs for a pro staffer with a working Apply flow. `limit` shows only the newest few, and `phoneLimit` fewer
 * still below the sm breakpoint; `searchable` adds the keyword, location and specialty filters; `compact` shows each
 * job on one short row (the dashboard).
 */
export function JobBoard({ proStaffId, limit, phoneLimit, searchable = false, compact = false }: { proStaffId: number | null; limit?: number; phoneLimit?: number; searchable?: boolean; compact?: boolean }) {
  const [draft, setDraft] = useState<JobFilters>({});
  const [filters, setFilters] = useState<JobFilters>({});
  const [applyingTo, setApplyingTo] = useState<JobPosting | null>(null);
  const jobs = useActiveJobPostings(filters);
  const mine = useMyApplications(proStaffId);
  const byJob = useMemo(() => new Map((mine.data ?? []).map((application) => [application.jobPostingId, application])), [mine.data]);
  const shown = limit ? jobs.data?.slice(0, limit) : jobs.data;

  return (
    <div className="flex flex-col gap-4">
      {searchable && (
        <form
          className="grid gap-3 rounded-lg border border-bark-200 bg-white p-4 sm:grid-cols-4"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters(draft);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor="job-q">Keyword</Label>
            <Input id="job-q" value={draft.q ?? ''} onChange={(e) => setDraft({ ...draft, q: e.target.value })} placeholder="Title, company..." />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="job-location-filter">Location</Label>
            <Input id="job-location-filter" value={draft.location ?? ''} onChange={(e) => setDraft({ ...draft, location: e.target.value })} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="job-specialty-filter">Specialty</Label>
            <Select id="job-specialty-filter" value={draft.specialty ?? ''} onChange={(e) => setDraft({ ...draft, specialty: e.target.value })}>
              <option value="">Any specialty</option>
              {proStaffSpecialties.map((specialty) => <option key={specialty} value={specialty}>{specialty}</option>)}
            </Select>
          </div>
          <div className="flex items-end gap-2">
            <Button type="submit">Search</Button>
            <Button variant="ghost" onClick={() => { setDraft({}); setFilters({}); }}>Clear</Button>
          </div>
        </form>
      )}
      <PromotionSlot placement="jobs" />
      {jobs.isPending ? (
        <div className="flex flex-col gap-3">{[0, 1, 2].map((i) => <Skeleton key={i} className="h-32" />)}</div>
      ) : jobs.isError ? (
        <p role="alert" className="text-sm text-red-700">Could not load jobs: {describeError(jobs.error)}</p>
      ) : shown && shown.length > 0 ? (
        <ul className={compact ? 'flex flex-col gap-2' : 'flex flex-col gap-3'}>
          {shown.map((job, index) => {
            const Card = compact ? CompactJobCard : JobCard;
            const phoneHidden = phoneLimit !== undefined && index >= phoneLimit;
            return <Card key={job.id} job={job} application={byJob.get(job.id)} canApply={proStaffId !== null} onApply={() => setApplyingTo(job)} className={phoneHidden ? 'max-sm:hidden' : undefined} />;
          })}
        </ul>
      ) : (
        <p className="text-sm text-bark-700">{searchable ? 'No jobs match these filters.' : 'No job postings available yet.'}</p>
      )}
      <ApplyDialog job={applyingTo} onOpenChange={(open) => !open && setApplyingTo(null)} />
    </div>
  );
}
