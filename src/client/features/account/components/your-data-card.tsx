import { useMutation } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { toast } from '@client/components/ui/toast';
import { downloadMyData, requestExportLink, type ExportAnswer } from '../api';
import { toastError } from '@client/lib/toast-error';

/** Hands the browser the archive as a download under the server's file name. */
function saveFile(archive: Blob, fileName: string) {
  const url = URL.createObjectURL(archive);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the next task is late enough for every browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Export my data" (decision record 027): a ZIP archive with data.json and every file the account uploaded or
 * received, downloaded at once; for an account with more than 25 MB of files the server builds it in the background
 * and emails a 7-day link instead, which is also there to ask for directly.
 */
export function YourDataCard() {
  const download = useMutation({
    mutationFn: downloadMyData,
    onSuccess: (answer: ExportAnswer) => {
      if (answer.kind === 'archive') saveFile(answer.archive, answer.fileName);
      else toast({ title: 'Export requested', description: answer.message });
    },
    onError: (error) => toastError(error),
  });
  const emailLink = useMutation({
    mutationFn: requestExportLink,
    onSuccess: ({ message }) => toast({ title: 'Export requested', description: message }),
    onError: (error) => toastError(error),
  });
  return (
    <TitledCard
      title="Your Data"
      description="Download everything HuntStaff holds about you as one ZIP archive: your account, profile, messages, applications, commissions, payouts, reviews, codes and more in data.json, with every file you uploaded or received. If your files add up to more than 25 MB, we build the archive in the background and email you a link (sign in to use it; it works for 7 days). Download it before you delete your account."
    >
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
          Download My Data
        </Button>
        <Button type="button" variant="outline" disabled={emailLink.isPending} onClick={() => emailLink.mutate()}>Email Me a Download Link</Button>
      </div>
    </TitledCard>
  );
}
