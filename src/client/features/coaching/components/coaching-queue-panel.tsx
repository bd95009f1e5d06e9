import { useState } from 'react';
import { coachingDurations, type AdminCoachingSession } from '@shared/contracts/coaching';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Select } from '@client/components/ui/input';
import { describeError } from '@client/lib/api';
import { useAdminCancelCoaching, useCoachingQueue, useConfirmCoaching } from '../api';
import { sessionTime, windowText } from '../format';

const statusTone = { requested: 'yellow', confirmed: 'green', cancelled: 'outline' } as const;

function QueueItem({ session }: { session: AdminCoachingSession }) {
  const first = session.preferredTimes[0];
  const [date, setDate] = useState(first?.date ?? '');
  const [time, setTime] = useState(first?.from ?? '');
  const [duration, setDuration] = useState('45');
  const confirm = useConfirmCoaching();
  const cancel = useAdminCancelCoaching();
  const key = `coaching-${session.id}`;
  return (
    <li className="py-3 text-sm" data-testid="coaching-request">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-medium text-bark-900 [overflow-wrap:anywhere]">{session.name}</p>
        <Badge tone={statusTone[session.status]}>{session.status}</Badge>
      </div>
      <p className="break-all text-bark-700">{session.email} · {sessionTime(session)}</p>
      <p className="mt-1 whitespace-pre-wrap break-words text-bark-900">{session.topic}</p>
      <p className="text-bark-700">Offered ({session.timeZone}): {session.preferredTimes.map(windowText).join('; ')}</p>
      {session.status !== 'cancelled' && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate({ id: session.id, date, time, durationMinutes: Number(duration) });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${key}-date`} className="text-xs font-medium">Day ({session.timeZone})</label>
            <Input id={`${key}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${key}-time`} className="text-xs font-medium">Start</label>
            <Input id={`${key}-time`} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${key}-duration`} className="text-xs font-medium">Minutes</label>
            <Select id={`${key}-duration`} value={duration} onChange={(event) => setDuration(event.target.value)}>
              {coachingDurations.map((minutes) => <option key={minutes} value={minutes}>{minutes}</option>)}
            </Select>
          </div>
          <Button type="submit" size="sm" disabled={confirm.isPending}>{session.startsAt ? 'Move and send invite' : 'Confirm and send invite'}</Button>
          <Button type="button" size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(session.id)}>Cancel session</Button>
          {(confirm.isError || cancel.isError) && <p role="alert" className="w-full text-xs text-red-700">{describeError(confirm.error ?? cancel.error)}</p>}
        </form>
      )}
    </li>
  );
}

/** Elite coaching requests: confirm or move a time (both get a calendar invite), or cancel (decision record 046). */
export function CoachingQueuePanel() {
  const queue = useCoachingQueue();
  return (
    <Card>
      <CardHeader><CardTitle>Coaching Requests</CardTitle></CardHeader>
      <CardContent>
        {queue.isPending ? (
          <p className="text-sm text-bark-700">Loading coaching requests...</p>
        ) : queue.isError ? (
          <p role="alert" className="text-sm text-red-700">{describeError(queue.error)}</p>
        ) : queue.data.length === 0 ? (
          <p className="text-sm text-bark-700">No coaching requests yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100" aria-label="Coaching requests">
            {queue.data.map((session) => <QueueItem key={session.id} session={session} />)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
