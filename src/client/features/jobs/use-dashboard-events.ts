import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { messageEventTypes } from '@shared/contracts/messaging';
import { toast } from '../../components/ui/toast';

const isUnreadKey = (key: readonly unknown[]) => key.join('/').startsWith('/api/messages/unread');

function readData(event: Event): Record<string, unknown> {
  try {
    return JSON.parse(String((event as MessageEvent).data)) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Keeps a dashboard live over the user's Server-Sent Events stream: new applications and status changes
 * refresh the job data and show a toast; the unread message count follows the messaging events.
 */
export function useDashboardEvents(role: 'business' | 'pro_staff') {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    const refreshJobs = () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/job-postings'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/applications'] });
    };
    source.addEventListener('application.created', () => {
      refreshJobs();
      if (role === 'business') toast({ title: 'New Application', description: 'A pro staffer applied to one of your job postings.' });
    });
    source.addEventListener('application.status_changed', (event) => {
      refreshJobs();
      const status = readData(event).status;
      if (role === 'pro_staff' && typeof status === 'string') toast({ title: 'Application Updated', description: `Your application is now ${status}.` });
    });
    source.addEventListener(messageEventTypes.unreadCount, (event) => {
      const count = readData(event).count;
      if (typeof count === 'number') queryClient.setQueriesData({ predicate: (query) => isUnreadKey(query.queryKey) }, { count });
    });
    source.addEventListener(messageEventTypes.created, () => {
      void queryClient.invalidateQueries({ predicate: (query) => isUnreadKey(query.queryKey) });
    });
    return () => source.close();
  }, [queryClient, role]);
}
