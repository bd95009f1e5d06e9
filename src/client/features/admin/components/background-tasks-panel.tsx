import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { describeError } from '@client/lib/api';
import { useBackgroundTasks, useRetryTask } from '../api';

/** Task kinds as an admin reads them; unknown kinds show as they are. */
const KIND_NAMES: Record<string, string> = {
  'discounts.store-webhook': 'Store webhook delivery',
  'tasks.purge-finished': 'Clean-up of finished tasks',
  'mail.send': 'Email',
  'billing.trial-jobs': 'Trial reminders and ends',
  'commissions.release-holds': 'Commission hold release',
  'payouts.reconcile': 'Payout reconciliation with Stripe',
  'fraud.expire-flags': 'Approval of expired code-abuse flags',
  'fraud.purge-order-risk': 'Purge of buyers’ hashes after 180 days',
};

const STATUS_LABELS = [['queued', 'Queued'], ['running', 'Running'], ['done', 'Done (last 7 days)'], ['dead', 'Dead']] as const;

/**
 * The background task queue (decision record 023): how many tasks wait, run, finished, and the dead ones (attempts
 * used up) with their last error and a Retry button, so a failure never disappears silently.
 */
export function BackgroundTasksPanel() {
  const tasks = useBackgroundTasks();
  const retry = useRetryTask();
  return (
    <Card>
      <CardHeader><CardTitle>Background Tasks</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-4">
        {tasks.isPending ? (
          <p className="text-sm text-bark-700">Loading background tasks...</p>
        ) : tasks.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(tasks.error)}</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="task-counts">
              {STATUS_LABELS.map(([status, label]) => (
                <div key={status} className="rounded-md border border-bark-100 p-3">
                  <dt className="text-bark-700">{label}</dt>
                  <dd className={`text-lg font-semibold ${status === 'dead' && tasks.data.counts.dead > 0 ? 'text-red-700' : 'text-bark-900'}`}>{tasks.data.counts[status]}</dd>
                </div>
              ))}
            </dl>
            {retry.isError && <p role="alert" className="text-sm text-red-700">{describeError(retry.error)}</p>}
            {tasks.data.dead.length === 0 ? (
              <p className="text-sm text-bark-700">No dead tasks: every task finished or is still being retried.</p>
            ) : (
              <ul className="flex flex-col divide-y divide-bark-100" aria-label="Dead tasks">
                {tasks.data.dead.map((task) => (
                  <li key={task.id} className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm" data-testid="dead-task">
                    <div className="min-w-0">
                      <p className="font-medium text-bark-900 [overflow-wrap:anywhere]">{KIND_NAMES[task.kind] ?? task.kind} · task #{task.id}</p>
                      <p className="text-bark-700">
                        {task.attempts} {task.attempts === 1 ? 'attempt' : 'attempts'} · gave up {task.finishedAt ? new Date(task.finishedAt).toLocaleString('en-US') : ''}
                      </p>
                      {task.lastError && <p className="mt-1 break-words font-mono text-xs text-bark-900">{task.lastError}</p>}
                    </div>
                    <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(task.id)} aria-label={`Retry task ${task.id}`}>
                      Retry
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
