import type { BusinessJobStats, OwnJobPosting } from '@shared/contracts/jobs';
import { Link } from 'react-router';
import { Dialog, DialogContent } from '@client/components/ui/dialog';

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

/** Hiring funnel per posting, from the business's own postings and stats. */
export function BusinessAnalyticsDialog({ open, onOpenChange, stats, postings }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  stats: BusinessJobStats | undefined;
  postings: OwnJobPosting[] | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Hiring Analytics" description="Applications across your job postings." className="max-w-2xl">
        {stats && (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Active postings', stats.activeJobPostings],
              ['Applications', stats.applications],
              ['Awaiting review', stats.pendingApplications],
              // Accepted through job postings; the roster (agreements, record 028) is the dashboard's "Active Pro Staff".
              ['Applicants accepted', stats.activeProStaff],
            ].map(([label, value]) => (
              <div key={label} className="rounded-md bg-bark-100 p-3">
                <dt className="text-xs text-bark-700">{label}</dt>
                <dd className="text-xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-bark-200 text-bark-700">
              <th className="py-2 font-medium">Posting</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 text-right font-medium">Applications</th>
              <th className="py-2 text-right font-medium">Reviewed</th>
            </tr>
          </thead>
          <tbody>
            {(postings ?? []).map((posting) => (
              <tr key={posting.id} className="border-b border-bark-100">
                <td className="py-2">{posting.title}</td>
                <td className="py-2">{posting.isActive ? 'Active' : 'Inactive'}</td>
                <td className="py-2 text-right">{posting.applicationCount}</td>
                <td className="py-2 text-right">{percent(posting.applicationCount - posting.pendingCount, posting.applicationCount)}</td>
              </tr>
            ))}
            {postings?.length === 0 && (
              <tr><td colSpan={4} className="py-4 text-center text-bark-700">No postings yet.</td></tr>
            )}
          </tbody>
        </table>
        <Link to="/business-analytics" className="mt-4 inline-block text-sm font-medium text-forest-700 underline">Weekly trends: views, applications, messages, code uses and revenue</Link>
      </DialogContent>
    </Dialog>
  );
}
