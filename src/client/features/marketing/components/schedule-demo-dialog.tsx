import { useState, type FormEvent } from 'react';
import { demoTimes } from '@shared/contracts/demo-requests';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Input, Select, Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { apiRequest, describeError } from '@client/lib/api';
import { showServerFieldErrorsInto } from './schedule-demo-errors';

type Values = { name: string; email: string; company: string; preferredTime: string; message: string };
const empty: Values = { name: '', email: '', company: '', preferredTime: 'Morning', message: '' };

/** The Schedule Demo form: stored by POST /api/demo-requests, which notifies the admins. Loaded on first click. */
export default function ScheduleDemoDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof Values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = {};
    if (!values.name.trim()) local.name = 'Name is required';
    if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) local.email = 'Enter a valid email address';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    try {
      await apiRequest('POST', '/api/demo-requests', values);
      toast({ title: 'Demo requested', description: 'Thanks! Our team will email you to set a time.' });
      setValues(empty);
      onOpenChange(false);
    } catch (error) {
      setErrors(showServerFieldErrorsInto(error));
      toast({ title: 'Request not sent', description: describeError(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Schedule a Demo" description="Tell us how to reach you and when suits; we will set up a 30-minute walkthrough.">
        <form onSubmit={submit} className="flex flex-col gap-4 text-left" noValidate>
          <Field id="demo-name" label="Your name" error={errors.name}>
            <Input id="demo-name" autoComplete="name" value={values.name} maxLength={120} aria-invalid={Boolean(errors.name)} onChange={set('name')} />
          </Field>
          <Field id="demo-email" label="Work email" error={errors.email}>
            <Input id="demo-email" type="email" autoComplete="email" value={values.email} maxLength={254} aria-invalid={Boolean(errors.email)} onChange={set('email')} />
          </Field>
          <Field id="demo-company" label="Company (optional)" error={errors.company}>
            <Input id="demo-company" autoComplete="organization" value={values.company} maxLength={200} onChange={set('company')} />
          </Field>
          <Field id="demo-time" label="Best time for a call" error={errors.preferredTime}>
            <Select id="demo-time" value={values.preferredTime} onChange={set('preferredTime')}>
              {demoTimes.map((time) => <option key={time}>{time}</option>)}
            </Select>
          </Field>
          <Field id="demo-message" label="Anything we should know? (optional)" error={errors.message}>
            <Textarea id="demo-message" value={values.message} maxLength={2000} rows={3} onChange={set('message')} />
          </Field>
          <div className="flex justify-end"><Button type="submit" disabled={pending}>{pending ? 'Sending...' : 'Request Demo'}</Button></div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
