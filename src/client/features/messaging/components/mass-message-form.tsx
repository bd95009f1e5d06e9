import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { proStaffSpecialties } from '@shared/specialties';
import { planFor } from '@shared/plans';
import { MESSAGE_MAX_LENGTH } from '@shared/contracts/messaging';
import { useSession } from '@client/features/auth';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { refreshConversationLists, sendMassMessage, useMassMessageProgress } from '../api';
import { upgradeToastLink } from '@client/components/plan-limit';

/** Business dashboard, Messaging tab: one message to every pro staffer matching the filters. */
export function MassMessageForm() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [location, setLocation] = useState('');
  const [pending, setPending] = useState(false);
  /** One key per message: kept across retries (a timed-out answer, a double click) until the send is accepted. */
  const idempotency = useRef<{ request: string; key: string } | null>(null);
  /** A big send delivered in the background (decision record 017): its progress is polled. */
  const [backgroundSendId, setBackgroundSendId] = useState<number | null>(null);
  const progress = useMassMessageProgress(backgroundSendId);
  const recipientLimit = user ? planFor(user.userType, user.subscriptionTier).limits.massMessageRecipients : 0;

  function toggle(specialty: string, checked: boolean) {
    setSpecialties((current) => (checked ? [...current, specialty] : current.filter((s) => s !== specialty)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (content.trim() === '') {
      toast({ title: 'Message Required', description: 'Please enter a message to send.', variant: 'destructive' });
      return;
    }
    const filters: { specialties?: string[]; location?: string } = {};
    if (specialties.length > 0) filters.specialties = specialties;
    if (location.trim()) filters.location = location.trim();
    const body = { content: content.trim(), filters };
    const request = JSON.stringify(body);
    if (idempotency.current?.request !== request) idempotency.current = { request, key: crypto.randomUUID() };
    setPending(true);
    try {
      const result = await sendMassMessage(body, idempotency.current.key);
      idempotency.current = null;
      setContent('');
      setSpecialties([]);
      setLocation('');
      if (result.status === 'sent') announceSent(result.messageCount);
      else setBackgroundSendId(result.id);
    } catch (error) {
      toast({ title: 'Failed to Send Messages', description: describeError(error, 'Please try again.'), variant: 'destructive', link: upgradeToastLink(error) });
    } finally {
      setPending(false);
    }
  }

  function announceSent(messageCount: number) {
    toast({ title: 'Messages Sent Successfully', description: `Your message was sent to ${messageCount.toLocaleString('en-US')} pro staff ${messageCount === 1 ? 'member' : 'members'}.` });
    void refreshConversationLists(queryClient);
  }

  const backgroundSend = progress.data;
  useEffect(() => {
    if (backgroundSend?.status !== 'sent') return;
    setBackgroundSendId(null);
    announceSent(backgroundSend.messageCount);
    // announceSent only reads stable values; the effect runs once per finished send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [backgroundSend?.status, backgroundSend?.id]);
  const sending = backgroundSendId !== null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="h-5 w-5 text-forest-700" aria-hidden="true" />
          Mass Message
        </CardTitle>
        <CardDescription>Send one message to every pro staff member who matches the specialties and location you pick.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mass-message-content">Message</Label>
            <Textarea
              id="mass-message-content"
              value={content}
              onChange={(event) => setContent(event.target.value)}
              placeholder="Tell pro staff about your opportunity..."
              maxLength={MESSAGE_MAX_LENGTH}
              rows={5}
            />
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-bark-900">Specialties (optional)</legend>
            <p className="text-xs text-bark-700">Pro staff with any of the checked specialties receive the message.</p>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {proStaffSpecialties.map((specialty) => {
                const id = `mass-specialty-${specialty.replace(/\s+/g, '-').toLowerCase()}`;
                return (
                  <label key={specialty} htmlFor={id} className="flex items-center gap-2 text-sm text-bark-900">
                    <input
                      id={id}
                      type="checkbox"
                      className="h-4 w-4 rounded border-bark-200 accent-forest-700"
                      checked={specialties.includes(specialty)}
                      onChange={(event) => toggle(specialty, event.target.checked)}
                    />
                    {specialty}
                  </label>
                );
              })}
            </div>
          </fieldset>

          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mass-message-location">Location (optional)</Label>
            <Input id="mass-message-location" value={location} onChange={(event) => setLocation(event.target.value)} placeholder="e.g. Montana or Bozeman, MT" maxLength={200} />
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-bark-700">
              {recipientLimit === 0 ? (
                <>Mass messaging is not included in the Free plan. <Link to="/subscription" className="text-forest-700 underline">Upgrade Plan</Link></>
              ) : recipientLimit === null ? (
                'Your plan sends to unlimited recipients.'
              ) : (
                `Your plan sends to up to ${recipientLimit} recipients per message.`
              )}
            </p>
            <Button type="submit" disabled={content === '' || pending || sending}>
              {pending || sending ? 'Sending...' : 'Send Mass Message'}
            </Button>
          </div>
          {sending && <DeliveryProgress delivered={backgroundSend?.deliveredCount ?? 0} total={backgroundSend?.recipientCount ?? null} />}
        </form>
      </CardContent>
    </Card>
  );
}

/** Shown while a big send is delivered in the background; the sender can leave the page meanwhile. */
function DeliveryProgress({ delivered, total }: { delivered: number; total: number | null }) {
  const share = total ? Math.round((100 * delivered) / total) : 0;
  return (
    <div className="flex flex-col gap-1.5" data-testid="mass-message-progress">
      <div
        role="progressbar"
        aria-label="Mass message delivery"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        className="h-2 w-full overflow-hidden rounded-full bg-bark-100"
      >
        <div className="h-full bg-forest-700 transition-[width]" style={{ width: `${share}%` }} />
      </div>
      <p className="text-xs text-bark-700" aria-live="polite">
        {total === null
          ? 'Delivering your message...'
          : `Delivering your message: ${delivered.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} inboxes (${share}%). You can leave this page; delivery continues.`}
      </p>
    </div>
  );
}
