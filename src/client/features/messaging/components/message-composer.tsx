import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Paperclip, Send, X } from 'lucide-react';
import { ATTACHMENT_MAX_BYTES, attachmentAccept, attachmentExtensions } from '@shared/contracts/messaging';
import { formatFileSize } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Textarea } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toast';
import { describeError, isPlanLimit } from '@client/lib/api';
import { refreshConversationLists, refreshThread, sendMessage, sendMessageWithFiles } from '../api';
import { UpgradeLink, usePlanUsage } from '@client/components/plan-limit';
import { planUsageKey } from '@client/lib/api';
import { upgradeToastLink, upgradeUrlOf } from '@client/components/plan-limit';

type Props = {
  toUserId: number;
  conversationId: number | null;
  /** Called with the conversation the first message created (or reused). */
  onSent?: (conversationId: number) => void;
};

/** Message box: Enter sends, Shift+Enter adds a line; the paperclip attaches one file. */
export function MessageComposer({ toUserId, conversationId, onSent }: Props) {
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  /** Why the server refused the message; it stays in the box with its file until the person changes something. */
  const [refusal, setRefusal] = useState<{ message: string; upgradeUrl: string | null } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const blank = content.trim() === '';
  const usage = usePlanUsage();
  const storage = usage.data?.limits.fileStorageBytes;
  // Plans without file sharing get a disabled paperclip and the reason, instead of a file that cannot be sent.
  const noFileSharing = storage?.limit === 0;

  /** Why the picked file cannot go out on this plan, or null when it fits the storage left. */
  function storageProblem(picked: File): string | null {
    if (!storage || storage.limit === null) return null;
    if (storage.used + picked.size <= storage.limit) return null;
    const left = Math.max(storage.limit - storage.used, 0);
    return storage.limit === 0 ? storage.message : `${storage.message} ${formatFileSize(left)} is left, and this file is ${formatFileSize(picked.size)}.`;
  }

  function pickFile(picked: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!picked) return;
    const ext = picked.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(attachmentExtensions as readonly string[]).includes(ext)) {
      toast({ title: 'Invalid file type', description: 'Attach a PDF, DOC, DOCX, TXT, JPG, PNG or GIF file.', variant: 'destructive' });
      return;
    }
    if (picked.size > ATTACHMENT_MAX_BYTES) {
      toast({ title: 'File too large', description: 'Attachments can be at most 10 MB.', variant: 'destructive' });
      return;
    }
    const problem = storageProblem(picked);
    if (problem) {
      toast({ title: 'File too large for your plan', description: problem, variant: 'destructive', link: usage.data ? { href: usage.data.upgradeUrl, label: 'Upgrade your plan' } : undefined });
      return;
    }
    setRefusal(null);
    setFile(picked);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || pending) return;
    // A message never goes out without the file the user picked: check the plan again before sending.
    const problem = file ? storageProblem(file) : null;
    if (problem) {
      toast({ title: 'Message not sent', description: problem, variant: 'destructive', link: usage.data ? { href: usage.data.upgradeUrl, label: 'Upgrade your plan' } : undefined });
      return;
    }
    setPending(true);
    setRefusal(null);
    try {
      const body = { toUserId, content: content.trim(), conversationId };
      // With a file, one request: the server sends the message and its file together or refuses both.
      const message = file ? await sendMessageWithFiles(body, [file]) : await sendMessage(body);
      setContent('');
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: planUsageKey });
      await Promise.all([refreshThread(queryClient, message.conversationId), refreshConversationLists(queryClient)]);
      onSent?.(message.conversationId);
    } catch (error) {
      // Nothing was sent: the text and the file stay, with the server's reason (and the way to upgrade at a plan limit).
      setRefusal({ message: describeError(error), upgradeUrl: isPlanLimit(error) ? (upgradeUrlOf(error) ?? '/subscription') : null });
      toast({ title: 'Message not sent', description: describeError(error), variant: 'destructive', link: upgradeToastLink(error) });
    } finally {
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className="border-t border-bark-200 p-3">
      {refusal && (
        <p role="alert" className="mb-2 text-sm text-red-700" data-testid="composer-refusal">
          Not sent: {refusal.message} {refusal.upgradeUrl && <UpgradeLink to={refusal.upgradeUrl} />}
        </p>
      )}
      {file && (
        <div className="mb-2 inline-flex max-w-full items-center gap-2 rounded-full bg-bark-100 px-3 py-1 text-xs text-bark-900" data-testid="attachment-chip">
          <Paperclip className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{file.name}</span>
          <span className="shrink-0 text-bark-700">({formatFileSize(file.size)})</span>
          <button type="button" aria-label="Remove attachment" className="rounded-full p-0.5 hover:bg-bark-200" onClick={() => { setFile(null); setRefusal(null); }}>
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={attachmentAccept}
          className="sr-only"
          tabIndex={-1}
          aria-label="Attachment file"
          disabled={noFileSharing}
          onChange={(event) => pickFile(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label="Attach a file"
          disabled={noFileSharing}
          title={noFileSharing ? (storage?.message ?? undefined) : undefined}
          aria-describedby={noFileSharing ? 'attach-unavailable' : undefined}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Textarea
          value={content}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          aria-label="Message"
          rows={2}
          maxLength={5000}
          className="min-h-10 flex-1 resize-none"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={blank || pending}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {noFileSharing && usage.data && (
        <p id="attach-unavailable" className="mt-1 text-xs text-bark-700" data-testid="attach-unavailable">
          {storage?.message} <UpgradeLink to={usage.data.upgradeUrl}>Upgrade to share files</UpgradeLink>
        </p>
      )}
    </form>
  );
}
