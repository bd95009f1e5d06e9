import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { proStaffSpecialties } from '@shared/specialties';
import { planFor } from '@shared/plans';
import { MESSAGE_MAX_LENGTH } from '@shared/contracts/messaging';
import { useSession } from '../../auth/session';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { describeError } from '../../../lib/api';
import { refreshConversationLists, sendMassMessage } from '../api';
import { upgradeToastLink } from '../../../components/plan-limit';

/** Business dashboard, Messaging tab: one message to every pro staffer matching the filters. */
export function MassMessageForm() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [content, setContent] = useState('');
  const [specialties, setSpecialties] = useState<string[]>([]);
  const [location, setLocation] = useState('');
  const [pending, setPending] = useState(false);
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
    setPending(true);
    try {
      const { messageCount } = await sendMassMessage({ content: content.trim(), filters });
      toast({ title: 'Messages Sent Successfully', description: `Your message was sent to ${messageCount} pro staff ${messageCount === 1 ? 'member' : 'members'}.` });
      setContent('');
      setSpecialties([]);
      setLocation('');
      void refreshConversationLists(queryClient);
    } catch (error) {
      toast({ title: 'Failed to Send Messages', description: describeError(error, 'Please try again.'), variant: 'destructive', link: upgradeToastLink(error) });
    } finally {
      setPending(false);
    }
  }

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
            <Button type="submit" disabled={content === '' || pending}>
              {pending ? 'Sending...' : 'Send Mass Message'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
