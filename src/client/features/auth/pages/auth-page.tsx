import { useEffect, useState } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { dashboardPathFor, useSession } from '../session';
import { login, register, usePublicConfig } from '../api';
import type { AuthFormValues } from '../auth-form-schema';
import type { SessionUser } from '@shared/contracts/auth';
import type { TwoFactorChallenge } from '@shared/contracts/account';
import { TwoFactorStep } from '../components/two-factor-step';
import { TwoFactorFormStep } from '../components/two-factor-form-step';
import { formErrorMessage } from '../auth-form-errors';

type FormValues = AuthFormValues;

// The form validates on submit, so Zod and the shared contracts load then, not with the page.
const lazyResolver: Resolver<FormValues> = async (values, context, options) => {
  const { authFormResolver } = await import('../auth-form-schema');
  return authFormResolver(values, context, options);
};

function failureMessage(error: unknown, mode: 'signin' | 'signup'): string {
  if (error instanceof ApiError && error.message.includes('401')) {
    return mode === 'signin' ? 'Invalid email or password. Please check your credentials.' : 'Registration failed. Please try again.';
  }
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return describeError(error);
}

/**
 * What was typed into the prerendered form before the app started (issue 17): the form cannot submit
 * until then, and react-hook-form would otherwise reset the fields to empty when it takes them over.
 */
function typedBeforeStart(id: 'email' | 'password'): string {
  if (typeof document === 'undefined') return '';
  const input = document.getElementById(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

/** Age and terms at sign-up (decision record 027): both must be ticked. */
function ConsentCheckboxes({ form }: { form: UseFormReturn<FormValues> }) {
  const { errors } = form.formState;
  const row = 'flex items-start gap-2 text-sm text-bark-900';
  return (
    <div className="flex flex-col gap-2">
      <label className={row}>
        <input type="checkbox" className="mt-1" aria-invalid={Boolean(errors.ageConfirmed)} aria-describedby={errors.ageConfirmed ? 'ageConfirmed-error' : undefined} {...form.register('ageConfirmed')} />
        <span>I am 18 or older</span>
      </label>
      {errors.ageConfirmed && <p id="ageConfirmed-error" role="alert" className="text-xs text-red-700">{errors.ageConfirmed.message}</p>}
      <label className={row}>
        <input type="checkbox" className="mt-1" aria-invalid={Boolean(errors.termsAccepted)} aria-describedby={errors.termsAccepted ? 'termsAccepted-error' : undefined} {...form.register('termsAccepted')} />
        <span>
          I accept the{' '}
          <Link to="/terms-of-service" target="_blank" className="text-forest-700 underline">Terms of Service</Link> and the{' '}
          <Link to="/privacy-policy" target="_blank" className="text-forest-700 underline">Privacy Policy</Link>
        </span>
      </label>
      {errors.termsAccepted && <p id="termsAccepted-error" role="alert" className="text-xs text-red-700">{errors.termsAccepted.message}</p>}
    </div>
  );
}

/** Where the form posts natively, before the app has started (the server's form-routes.ts, decision record 034). */
const formAction = { signin: '/api/auth/login/form', signup: '/api/auth/register/form' } as const;

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  // The mode and account type come from the address (/auth?mode=signup&type=pro_staff), so the sign-up pages are
  // prerendered as sign-up forms too and hydrate as they were painted.
  const mode = searchParams.get('mode') === 'signup' ? 'signup' : 'signin';
  const requestedType = searchParams.get('type') === 'pro_staff' ? 'pro_staff' : 'business';
  // What a native post came back with (?error=<code>); cleared by the next submit.
  const [returnedError, setReturnedError] = useState(() => searchParams.get('error'));
  const session = useSession();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const form = useForm<FormValues>({
    resolver: lazyResolver,
    defaultValues: { email: typedBeforeStart('email'), password: typedBeforeStart('password'), accountType: requestedType, ageConfirmed: false, termsAccepted: false },
  });
  const { errors, isSubmitting } = form.formState;

  // A link followed inside the app (/auth → /auth?mode=signup&type=pro_staff) keeps this page: the type follows it.
  useEffect(() => {
    if (searchParams.has('type')) form.setValue('accountType', requestedType);
  }, [searchParams, requestedType, form]);

  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const finishSignIn = (user: SessionUser, created: boolean) => {
    session.signIn(user);
    toast(created ? { title: 'Account created!' } : { title: 'Welcome back!' });
    navigate(dashboardPathFor(user.userType));
  };

  // Once the app has started it takes the form over: handleSubmit prevents the native post and the JSON API is used.
  const onSubmit = form.handleSubmit(async (values) => {
    setReturnedError(null);
    if (mode === 'signup' && (!values.ageConfirmed || !values.termsAccepted)) {
      if (!values.ageConfirmed) form.setError('ageConfirmed', { message: 'Confirm that you are 18 or older' });
      if (!values.termsAccepted) form.setError('termsAccepted', { message: 'Accept the Terms of Service and Privacy Policy' });
      return;
    }
    try {
      const result =
        mode === 'signin'
          ? await login({ email: values.email, password: values.password })
          : await register({ email: values.email, password: values.password, userType: values.accountType, ageConfirmed: true, termsAccepted: true });
      if ('twoFactorRequired' in result) setChallenge(result);
      else finishSignIn(result, mode === 'signup');
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: mode === 'signin' ? 'Login Failed' : 'Registration Failed', description: failureMessage(error, mode), variant: 'destructive' });
    }
  });

  const hint = config.data?.demoLoginHint;

  if (searchParams.get('step') === 'two-factor') {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <TwoFactorFormStep error={formErrorMessage(searchParams.get('error'), 'two-factor')} />
      </div>
    );
  }

  if (challenge) {
    return (
      <div className="mx-auto flex max-w-md flex-col px-4 py-12">
        <TwoFactorStep challenge={challenge} onSignedIn={(user) => finishSignIn(user, false)} onRestart={() => setChallenge(null)} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">{mode === 'signin' ? 'Sign In' : 'Create Account'}</CardTitle>
          <CardDescription>
            {mode === 'signin'
              ? 'Welcome back to HuntStaff. Sign in to pick up your jobs, messages and partnerships where you left them.'
              : 'Join the marketplace for hunting businesses and pro staff.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {returnedError && (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{formErrorMessage(returnedError)}</p>
          )}
          {/* Before the app starts, Enter or the button posts the form natively to the server (method="post": never a
              field in the URL), which signs in and redirects; once started, onSubmit takes over (decision record 034). */}
          <form method="post" action={formAction[mode]} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
            <InputField form={form} name="email" label="Email" type="email" autoComplete="email" />
            <Field id="password" label="Password" error={errors.password?.message} hint={mode === 'signup' ? 'At least 8 characters, and not a commonly used password.' : undefined}>
              <Input
                id="password"
                type="password"
                autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
                aria-invalid={Boolean(errors.password)}
                {...form.register('password')}
              />
            </Field>
            {mode === 'signup' && (
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">Account Type</legend>
                <label className="flex items-center gap-2 rounded-md border border-bark-200 p-3 text-sm has-[:checked]:border-forest-500 has-[:checked]:bg-forest-50">
                  <input type="radio" value="business" defaultChecked={requestedType === 'business'} {...form.register('accountType')} />
                  Hunting Business
                </label>
                <label className="flex items-center gap-2 rounded-md border border-bark-200 p-3 text-sm has-[:checked]:border-forest-500 has-[:checked]:bg-forest-50">
                  <input type="radio" value="pro_staff" defaultChecked={requestedType === 'pro_staff'} {...form.register('accountType')} />
                  Pro Staff
                </label>
              </fieldset>
            )}
            {mode === 'signup' && <ConsentCheckboxes form={form} />}
            <Button type="submit" disabled={isSubmitting} size="lg">
              {isSubmitting ? 'Please wait...' : mode === 'signin' ? 'Sign In' : 'Create Account'}
            </Button>
          </form>
          {mode === 'signin' && (
            <p className="mt-3 text-right text-sm">
              <Link to="/reset-password" className="text-forest-700 hover:underline">Forgot password?</Link>
            </p>
          )}
          {mode === 'signin' && hint && (
            <p className="mt-4 rounded-md bg-forest-50 px-3 py-2 text-xs text-forest-900" data-testid="demo-hint">
              Demo business login: <strong>{hint.email}</strong> / <strong>{hint.password}</strong>
            </p>
          )}
          <p className="mt-6 text-center text-sm text-bark-700">
            {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
            <button type="button" className="font-medium text-forest-700 underline-offset-4 hover:underline" onClick={() => {
                setReturnedError(null);
                navigate(mode === 'signin' ? '/auth?mode=signup' : '/auth');
              }}
            >
              {mode === 'signin' ? 'Sign up' : 'Sign in'}
            </button>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
