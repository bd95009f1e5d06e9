import { useMutation } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { toast } from '@client/components/ui/toast';
import { requestExportLink } from '../api';
import { toastError } from '@client/lib/toast-error';

/**
 * "Export my data" (decision record 027): a plain link whose answer is the JSON file as a download, or, for large
 * accounts, the same file built in the background with a 7-day link by email.
 */
export function YourDataCard() {
  const emailLink = useMutation({
    mutationFn: requestExportLink,
    onSuccess: ({ message }) => toast({ title: 'Export requested', description: message }),
    onError: (error) => toastError(error),
  });
  return (
    <TitledCard
      title="Your Data"
      description="Download everything HuntStaff holds about you: account, profile, messages, applications, commissions, reviews, codes and more, as one JSON file. Uploaded files are listed with their download links. For a large account, have a link emailed to you instead (it works for 7 days)."
    >
      <div className="flex flex-wrap gap-3">
        <a
          href="/api/account/export"
          download
          className="inline-flex h-10 items-center rounded-md border border-bark-200 bg-white px-4 text-sm font-medium text-bark-900 hover:bg-bark-100"
        >
          Download My Data
        </a>
        <Button type="button" variant="outline" disabled={emailLink.isPending} onClick={() => emailLink.mutate()}>Email Me a Download Link</Button>
      </div>
    </TitledCard>
  );
}
