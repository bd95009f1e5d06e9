import { useEffect, useState } from 'react';
import type { JobPosting } from '@shared/contracts/jobs';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { useApplyToJob } from '../api';
import { ActionError } from './plan-limit-notice';

const MAX_COVER_LETTER = 5000;

/** Apply to one job with an optional cover letter. */
export function ApplyDialog({ job, onOpenChange }: { job: JobPosting | null; onOpenChange: (open: boolean) => void }) {
  const apply = useApplyToJob();
  const [coverLetter, setCoverLetter] = useState('');
  const { reset } = apply;

  useEffect(() => {
    if (job) {
      setCoverLetter('');
      reset();
    }
  }, [job, reset]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!job) return;
    try {
      await apply.mutateAsync({ jobPostingId: job.id, coverLetter });
      toast({ title: 'Application Submitted', description: `${job.businessName} will see your application for "${job.title}".` });
      onOpenChange(false);
    } catch {
      // Shown inside the dialog.
    }
  };

  return (
    <Dialog open={job !== null} onOpenChange={onOpenChange}>
      {job && (
        <DialogContent title={`Apply: ${job.title}`} description={`${job.businessName}${job.location ? ` · ${job.location}` : ''}`}>
          <form onSubmit={submit} className="flex flex-col gap-4">
            {job.compensation && <p className="text-sm"><span className="font-medium">Compensation:</span> {job.compensation}</p>}
            <Field id="cover-letter" label="Cover letter" hint="Tell them about your experience, specialties and audience (optional).">
              <Textarea
                id="cover-letter"
                rows={7}
                maxLength={MAX_COVER_LETTER}
                value={coverLetter}
                onChange={(event) => setCoverLetter(event.target.value)}
              />
            </Field>
            <ActionError error={apply.error} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
              <Button type="submit" disabled={apply.isPending}>{apply.isPending ? 'Submitting...' : 'Submit Application'}</Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
