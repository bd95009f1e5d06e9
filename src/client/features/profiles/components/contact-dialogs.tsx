import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Mail, Phone } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { Input, Select, Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { sendMessage } from '@client/features/messaging/api';
import { upgradeToastLink } from '@client/components/plan-limit';
import { messageLink } from '../api';

// Emails and phone numbers stay private, so both requests travel as HuntStaff messages, written so the
// recipient reads them at a glance: a subject line, or the number and the times that suit.

type Props = { toUserId: number; name: string };

function useSend(toUserId: number, onDone: () => void) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const send = async (content: string, title: string) => {
    setPending(true);
    try {
      await sendMessage({ toUserId, content });
      toast({ title, description: 'It is in your conversation, where the reply will arrive.' });
      onDone();
      navigate(messageLink(toUserId));
    } catch (error) {
      toast({ title: 'Not sent', description: describeError(error), variant: 'destructive', link: upgradeToastLink(error) });
    } finally {
      setPending(false);
    }
  };
  return { send, pending };
}

export function SendEmailDialog({ toUserId, name }: Props) {
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const { send, pending } = useSend(toUserId, () => setOpen(false));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { subject: subject.trim() ? undefined : 'Add a subject', body: body.trim().length >= 10 ? undefined : 'Write at least 10 characters' };
    setErrors(next);
    if (next.subject || next.body) return;
    void send(`Subject: ${subject.trim()}\n\n${body.trim()}`, 'Email sent');
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline"><Mail className="h-4 w-4" aria-hidden="true" /> Send Email</Button>
      </DialogTrigger>
      <DialogContent title={`Email ${name}`} description="Delivered to their HuntStaff inbox; your address stays private until you share it.">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field id="email-subject" label="Subject" error={errors.subject}>
            <Input id="email-subject" value={subject} maxLength={150} aria-invalid={Boolean(errors.subject)} onChange={(event) => setSubject(event.target.value)} />
          </Field>
          <Field id="email-body" label="Message" error={errors.body}>
            <Textarea id="email-body" value={body} maxLength={4500} rows={6} aria-invalid={Boolean(errors.body)} onChange={(event) => setBody(event.target.value)} />
          </Field>
          <div className="flex justify-end"><Button type="submit" disabled={pending}>{pending ? 'Sending...' : 'Send Email'}</Button></div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const dayOptions = ['Any day', 'Weekdays', 'Weekends'] as const;
const timeOptions = ['Morning (8am-12pm)', 'Afternoon (12-5pm)', 'Evening (5-8pm)'] as const;

export function PhoneCallDialog({ toUserId, name }: Props) {
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [days, setDays] = useState<(typeof dayOptions)[number]>('Weekdays');
  const [times, setTimes] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; times?: string }>({});
  const { send, pending } = useSend(toUserId, () => setOpen(false));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const toggle = (time: string) => setTimes((current) => (current.includes(time) ? current.filter((t) => t !== time) : [...current, time]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = phone.replace(/\D/g, '');
    const next = {
      phone: digits.length >= 7 && digits.length <= 15 && /^[\d\s()+.-]+$/.test(phone.trim()) ? undefined : 'Enter a phone number (7 to 15 digits)',
      times: times.length > 0 ? undefined : 'Choose at least one time of day',
    };
    setErrors(next);
    if (next.phone || next.times) return;
    const ordered = timeOptions.filter((time) => times.includes(time));
    const lines = ['Phone call request', `Phone: ${phone.trim()}`, `Preferred days: ${days}`, `Preferred times: ${ordered.join(', ')} (${timeZone})`];
    if (note.trim()) lines.push(`Note: ${note.trim()}`);
    void send(lines.join('\n'), 'Call request sent');
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline"><Phone className="h-4 w-4" aria-hidden="true" /> Request Phone Call</Button>
      </DialogTrigger>
      <DialogContent title={`Request a call with ${name}`} description="They get your number and the times that suit you, and call you back.">
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field id="call-phone" label="Your phone number" error={errors.phone}>
            <Input id="call-phone" type="tel" autoComplete="tel" value={phone} maxLength={30} aria-invalid={Boolean(errors.phone)} onChange={(event) => setPhone(event.target.value)} />
          </Field>
          <Field id="call-days" label="Preferred days">
            <Select id="call-days" value={days} onChange={(event) => setDays(event.target.value as (typeof dayOptions)[number])}>
              {dayOptions.map((option) => <option key={option}>{option}</option>)}
            </Select>
          </Field>
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.times ? 'call-times-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-bark-900">Preferred times ({timeZone})</legend>
            {timeOptions.map((time) => (
              <label key={time} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={times.includes(time)} onChange={() => toggle(time)} /> {time}
              </label>
            ))}
            {errors.times && <p id="call-times-error" role="alert" className="text-xs text-red-700">{errors.times}</p>}
          </fieldset>
          <Field id="call-note" label="What is it about? (optional)">
            <Textarea id="call-note" value={note} maxLength={1000} rows={3} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="flex justify-end"><Button type="submit" disabled={pending}>{pending ? 'Sending...' : 'Send Request'}</Button></div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
