import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { HONEYPOT_FIELD, type ContactBody } from '@shared/contracts/support';
import { Button } from '@client/components/ui/button';
import { Input, Textarea } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { Page } from '@client/components/ui/page';
import { ApiError, apiRequest, describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { contactFormErrors } from '../contact-form-errors';

const CONTACT_FORM_URL = '/api/support/contact/form';
type FieldName = 'name' | 'email' | 'subject' | 'message';

/**
 * Contact Us (decision record 046). The HTML form posts natively to the form route, so it works before the app
 * starts and without JavaScript (record 034); once the app runs it sends the same fields to the JSON route. The
 * `website` field is a honeypot, hidden from people and from assistive technology.
 */
export default function ContactPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const shownError = formError ?? contactFormErrors[params.get('error') ?? ''] ?? null;

  if (params.get('sent') === '1') {
    return (
      <Page title="Contact Us">
        <div role="status" className="max-w-xl rounded-xl border border-forest-200 bg-white p-6">
          <p className="flex items-center gap-2 font-semibold text-bark-900"><CheckCircle2 aria-hidden className="h-5 w-5 text-forest-700" /> Thanks, your message is with our support team.</p>
          <p className="mt-2 text-sm text-bark-700">We answer by email, usually within one business day.</p>
          <p className="mt-4 text-sm"><Link to="/help" className="font-medium text-forest-700 underline">Browse the Help Center</Link></p>
        </div>
      </Page>
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setSending(true);
    setErrors({});
    setFormError(null);
    try {
      const body: ContactBody = { name: data.name ?? '', email: data.email ?? '', subject: data.subject ?? '', message: data.message ?? '', [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? '' };
      await apiRequest('POST', '/api/support/contact', body);
      void navigate('/contact?sent=1');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'VALIDATION' && Array.isArray(error.details)) {
        setErrors(Object.fromEntries((error.details as { path: string; message: string }[]).map((d) => [d.path, d.message])));
      } else {
        setFormError(error instanceof ApiError && error.code === 'RATE_LIMITED' ? contactFormErrors['rate-limited']! : describeError(error));
      }
    } finally {
      setSending(false);
    }
  }

  const described = (name: FieldName) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <Page title="Contact Us" description="Questions about your account, billing or an integration? Write to us and we answer by email.">
      <p className="mb-6 max-w-xl text-sm text-bark-700">
        Many answers are already in the <Link to="/help" className="font-medium text-forest-700 underline">Help Center</Link>.
      </p>
      {shownError && <p role="alert" className="mb-4 max-w-xl rounded-md bg-red-50 p-3 text-sm text-red-800">{shownError}</p>}
      <form method="post" action={CONTACT_FORM_URL} onSubmit={(event) => void onSubmit(event)} className="flex max-w-xl flex-col gap-4" aria-label="Contact support" noValidate>
        <Field id="name" label="Your name" error={errors.name}>
          <Input id="name" name="name" autoComplete="name" required maxLength={120} {...described('name')} />
        </Field>
        <Field id="email" label="Email" error={errors.email} hint="We send the answer here.">
          <Input id="email" name="email" type="email" autoComplete="email" required defaultValue={user?.email ?? ''} {...described('email')} />
        </Field>
        <Field id="subject" label="Subject" error={errors.subject}>
          <Input id="subject" name="subject" required maxLength={200} {...described('subject')} />
        </Field>
        <Field id="message" label="Message" error={errors.message}>
          <Textarea id="message" name="message" rows={6} required maxLength={5000} {...described('message')} />
        </Field>
        {/* The honeypot: people never see or reach it; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
          <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div><Button type="submit" disabled={sending}>{sending ? 'Sending…' : 'Send message'}</Button></div>
      </form>
    </Page>
  );
}
