import { useQueryClient } from '@tanstack/react-query';
import { useServerEvents } from '@client/lib/use-server-events';
import { toast } from '@client/components/ui/toast';
import { refreshUnread, setUnreadCount } from '../messaging/api';
import { refreshJobs as refreshJobLists } from './api';

/**
 * Keeps a dashboard live over the user's Server-Sent Events stream: new applications and status changes
 * refresh the job data and show a toast; the unread message count follows the messaging events.
 */
export function useDashboardEvents(role: 'business' | 'pro_staff') {
  const queryClient = useQueryClient();
  const refreshJobs = () => void refreshJobLists(queryClient);
  useServerEvents({
    'application.created': () => {
      refreshJobs();
      if (role === 'business') toast({ title: 'New Application', description: 'A pro staffer applied to one of your job postings.' });
    },
    'application.status_changed': ({ status }) => {
      refreshJobs();
      if (role === 'pro_staff' && typeof status === 'string') toast({ title: 'Application Updated', description: `Your application is now ${status}.` });
    },
    'unread-count': ({ count }) => {
      if (typeof count === 'number') setUnreadCount(queryClient, count);
    },
    'message.created': () => {
      void refreshUnread(queryClient);
    },
    'commission.payable': () => {
      void queryClient.invalidateQueries({ queryKey: ['commissions'] });
      if (role === 'pro_staff') toast({ title: 'Commission Payable', description: 'A commission finished its hold period and can now be paid.' });
    },
    // Payouts (decision record 025): a transfer landed or failed, or Stripe changed the payout account.
    'payout.updated': ({ status }) => {
      void queryClient.invalidateQueries({ queryKey: ['payouts'] });
      void queryClient.invalidateQueries({ queryKey: ['commissions'] });
      if (role === 'pro_staff') {
        toast(status === 'paid'
          ? { title: 'Payout Received', description: 'A business paid you through HuntStaff.' }
          : { title: 'Payout Failed', description: 'A payout to you did not go through; your commissions stay payable.', variant: 'destructive' });
      }
    },
    'payout-account.updated': () => {
      void queryClient.invalidateQueries({ queryKey: ['payouts'] });
    },
    // Pro staff agreements (decision record 028): the other party offered, answered or ended one.
    'agreement.updated': ({ status }) => {
      void queryClient.invalidateQueries({ queryKey: ['agreements'] });
      const text = { offered: 'A business sent you an agreement offer.', active: 'A pro staffer accepted your agreement.', declined: 'A pro staffer declined your agreement offer.', ended: 'One of your agreements was ended.', withdrawn: 'A business withdrew an agreement offer.' } as Record<string, string>;
      if (typeof status === 'string' && text[status]) toast({ title: 'Agreement Updated', description: text[status] });
    },
  });
}
