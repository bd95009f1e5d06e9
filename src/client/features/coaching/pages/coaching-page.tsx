import { useState } from 'react';
import { Link } from 'react-router';
import { RequireLogin } from '@client/components/require-login';
import { CalendarClock } from 'lucide-react';
import { COACHING_MAX_WINDOWS } from '@shared/contracts/coaching';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input, Select, Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { Notice, Page } from '@client/components/ui/page';
import { ApiError, describeError } from '@client/lib/api';
import { useBookCoaching, useCancelCoaching, useMyCoaching } from '../api';
import { browserTimeZone, sessionTime, timeZones, windowText } from '../format';

type WindowDraft = { date: string; from: string; to: string };
const emptyWindow: WindowDraft = { date: '', from: '', to: '' };
const statusTone = { requested: 'yellow', confirmed: 'green', cancelled: 'outline' } as const;

function BookingForm() {
  const book = useBookCoaching();
  const [topic, setTopic] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [windows, setWindows] = useState<WindowDraft[]>([{ ...emptyWindow }]);
  const fieldErrors = book.error instanceof ApiError && Array.isArray(book.error.details) ? (book.error.details as { path: string; message: string }[]) : [];
  const errorOf = (path: string) => fieldErrors.find((d) => d.path === path || d.path.startsWith(`${path}.`))?.message;
  const setWindow = (index: number, change: Partial<WindowDraft>) => setWindows((all) => all.map((w, i) => (i === index ? { ...w, ...change } : w)));

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Book a coaching session"
      onSubmit={(event) => {
        event.preventDefault();
        book.mutate({ topic, timeZone, preferredTimes: windows }, { onSuccess: () => { setTopic(''); setWindows([{ ...emptyWindow }]); } });
      }}
    >
      <Field id="coaching-topic" label="What would you like to work on?" error={errorOf('topic')}>
        <Textarea id="coaching-topic" rows={3} value={topic} maxLength={500} onChange={(event) => setTopic(event.target.value)} />
      </Field>
      <Field id="coaching-zone" label="Your time zone" error={errorOf('timeZone')}>
        <Select id="coaching-zone" value={timeZone} onChange={(event) => setTimeZone(event.target.value)}>
          {timeZones().map((zone) => <option key={zone} value={zone}>{zone}</option>)}
        </Select>
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-bark-900">Times that suit you (up to {COACHING_MAX_WINDOWS})</legend>
        {windows.map((window, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2" data-testid="coaching-window">
            <div className="flex flex-col gap-1">
              <label htmlFor={`window-${index}-date`} className="text-xs font-medium">Day {index + 1}</label>
              <Input id={`window-${index}-date`} type="date" value={window.date} onChange={(event) => setWindow(index, { date: event.target.value })} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`window-${index}-from`} className="text-xs font-medium">From</label>
              <Input id={`window-${index}-from`} type="time" value={window.from} onChange={(event) => setWindow(index, { from: event.target.value })} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`window-${index}-to`} className="text-xs font-medium">To</label>
              <Input id={`window-${index}-to`} type="time" value={window.to} onChange={(event) => setWindow(index, { to: event.target.value })} />
            </div>
            {windows.length > 1 && <Button type="button" variant="outline" size="sm" onClick={() => setWindows((all) => all.filter((_, i) => i !== index))}>Remove</Button>}
          </div>
        ))}
        {errorOf('preferredTimes') && <p role="alert" className="text-xs text-red-700">{errorOf('preferredTimes')}</p>}
        {windows.length < COACHING_MAX_WINDOWS && (
          <div><Button type="button" variant="outline" size="sm" onClick={() => setWindows((all) => [...all, { ...emptyWindow }])}>Add another time</Button></div>
        )}
      </fieldset>
      {book.isError && fieldErrors.length === 0 && <p role="alert" className="text-sm text-red-700">{describeError(book.error)}</p>}
      {book.isSuccess && <p role="status" className="text-sm text-forest-800">Request sent. We will email you a calendar invite once a time is set.</p>}
      <div><Button type="submit" disabled={book.isPending}>Request session</Button></div>
    </form>
  );
}

/** Elite one-on-one coaching (decision record 046): book, see and cancel sessions; other plans see why and how to get it. */
export default function CoachingPage() {
  return (
    <RequireLogin message="Please log in to book coaching.">
      {(user) => (user.userType === 'pro_staff' ? <CoachingScreen /> : <Notice title="Coaching is for pro staff accounts.">One-on-one coaching is part of the Elite pro staff plan.</Notice>)}
    </RequireLogin>
  );
}

function CoachingScreen() {
  const coaching = useMyCoaching(true);
  const cancel = useCancelCoaching();

  return (
    <Page title="One-on-one Coaching" description="A session with our team on growing as a pro staffer: content, calls, working with brands.">
      {coaching.isPending ? (
        <p className="text-sm text-bark-700">Loading...</p>
      ) : coaching.isError ? (
        <p role="alert" className="text-sm text-red-700">{describeError(coaching.error)}</p>
      ) : !coaching.data.included ? (
        <Notice title="Coaching is part of the Elite plan" action={<Button asChild><Link to={coaching.data.upgradeUrl}>Upgrade to Elite</Link></Button>}>
          Elite pro staff book one-on-one sessions with our team: tell us the topic and a few times that suit you, and we confirm one by email with a calendar invite.
        </Notice>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader><CardTitle>Book a session</CardTitle></CardHeader>
            <CardContent><BookingForm /></CardContent>
          </Card>
          <Card>
            <CardHeader><CardTitle>Your sessions</CardTitle></CardHeader>
            <CardContent>
              {coaching.data.sessions.length === 0 ? (
                <p className="text-sm text-bark-700">No sessions yet.</p>
              ) : (
                <ul className="flex flex-col divide-y divide-bark-100" aria-label="Your coaching sessions">
                  {coaching.data.sessions.map((session) => (
                    <li key={session.id} className="py-3 text-sm" data-testid="coaching-session">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge tone={statusTone[session.status]}>{session.status}</Badge>
                        <span className="flex items-center gap-1 text-bark-900"><CalendarClock aria-hidden className="h-4 w-4" />{sessionTime(session)}</span>
                      </div>
                      <p className="mt-1 whitespace-pre-wrap break-words text-bark-900">{session.topic}</p>
                      <p className="text-bark-700">Your times: {session.preferredTimes.map(windowText).join('; ')} ({session.timeZone})</p>
                      {session.status !== 'cancelled' && (
                        <Button className="mt-2" size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(session.id)}>Cancel session</Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {cancel.isError && <p role="alert" className="mt-2 text-sm text-red-700">{describeError(cancel.error)}</p>}
            </CardContent>
          </Card>
        </div>
      )}
    </Page>
  );
}
