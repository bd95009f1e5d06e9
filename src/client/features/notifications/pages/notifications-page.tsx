import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BellOff, Check } from 'lucide-react';
import { notificationKindLabels, type Notification } from '@shared/contracts/notifications';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { toastError } from '@client/lib/toast-error';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api';
import { EmailSettingsCard } from '../components/email-settings-card';

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading notifications</span>
      {[0, 1, 2].map((i) => <Skeleton key={i} className="h-16" />)}
    </div>
  );
}

function NotificationItem({ item }: { item: Notification }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  // Opening one marks it read first, so the count is right on the page it leads to.
  const open = async () => {
    if (!item.read) await markRead.mutateAsync(item.id).catch(() => undefined);
    navigate(item.link);
  };
  return (
    <li data-testid="notification" data-read={item.read}>
      <Card className={item.read ? '' : 'border-forest-300 bg-forest-50'}>
        <CardContent className="flex flex-wrap items-start justify-between gap-3 p-4">
          <div className="min-w-0 flex-1">
            <button type="button" onClick={open} className="text-left font-semibold text-forest-700 hover:underline break-words">
              {!item.read && <span className="sr-only">Unread: </span>}
              {item.title}
            </button>
            {item.body && item.body !== item.title && <p className="mt-1 text-sm text-bark-700 break-words">{item.body}</p>}
            <p className="mt-1 text-xs text-bark-500">
              {notificationKindLabels[item.kind]} · <time dateTime={item.createdAt}>{when.format(new Date(item.createdAt))}</time>
            </p>
          </div>
          {!item.read && (
            <Button variant="outline" size="sm" onClick={() => markRead.mutate(item.id, { onError: (error) => toastError(error) })} disabled={markRead.isPending}>
              <Check className="h-4 w-4" aria-hidden /> Mark read
            </Button>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function NotificationList({ unreadOnly }: { unreadOnly: boolean }) {
  const query = useNotifications(unreadOnly);
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(query.error)}</p>;
  const items = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
        <BellOff className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
        <p className="mt-2 font-medium">{unreadOnly ? 'You are all caught up.' : 'No notifications yet.'}</p>
        <p className="mt-1 text-sm text-bark-700">Applications, commissions, payouts, agreements and reviews show up here as they happen.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Notifications">
        {items.map((item) => <NotificationItem key={item.id} item={item} />)}
      </ul>
      {query.hasNextPage && (
        <Button variant="outline" className="mt-4" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      )}
    </>
  );
}

function Notifications() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const markAll = useMarkAllRead();
  return (
    <Page
      title="Notifications"
      description="What happened on your account, newest first."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant={unreadOnly ? 'outline' : 'primary'} size="sm" aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>All</Button>
          <Button variant={unreadOnly ? 'primary' : 'outline'} size="sm" aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>Unread</Button>
          <Button variant="outline" size="sm" onClick={() => markAll.mutate(undefined, { onError: (error) => toastError(error) })} disabled={markAll.isPending}>
            Mark all read
          </Button>
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Notification list">
          <NotificationList unreadOnly={unreadOnly} />
        </section>
        <EmailSettingsCard />
      </div>
    </Page>
  );
}

export default function NotificationsPage() {
  return <RequireLogin message="Please log in to see your notifications.">{() => <Notifications />}</RequireLogin>;
}
