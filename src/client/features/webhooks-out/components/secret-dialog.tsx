import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';

/** The signing secret, shown once after creation or rotation (only a sealed copy is kept on the server). */
export function SecretDialog({ secret, rotated, onClose }: { secret: string | null; rotated: boolean; onClose(): void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Signing secret"
        description={rotated
          ? 'Copy it now: it is not shown again. The previous secret keeps signing for 24 hours, so switch your receiver within that time.'
          : 'Copy it now: it is not shown again. Your receiver uses it to check the HuntStaff-Signature header.'}
      >
        <code data-testid="signing-secret" className="block break-all rounded-md bg-bark-100 p-3 text-sm">{secret}</code>
        <div className="mt-4 flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
