import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup } from '@shared/contracts/account';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { useSession } from '@client/features/auth';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from '../api';
import { toastError } from '@client/lib/toast-error';

/** Set-up: the key to type into an authenticator app, then a code from it to turn two-factor on. */
function Enrol({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      setSetup(await setUpTwoFactor());
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onEnabled((await enableTwoFactor(code.trim())).recoveryCodes);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  if (!setup) {
    return <Button type="button" disabled={busy} onClick={start}>Set Up Two-Factor</Button>;
  }
  return (
    <form onSubmit={confirm} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        In your authenticator app (Google Authenticator, 1Password, Authy…) add an account by entering this key by hand, then type the
        6-digit code it shows.
      </p>
      <dl className="grid gap-2 text-sm">
        <dt className="font-medium">Setup key</dt>
        <dd><code data-testid="two-factor-secret" className="break-all rounded bg-bark-100 px-2 py-1">{setup.secret}</code></dd>
        <dt className="font-medium">Or the setup link</dt>
        <dd className="break-all text-xs text-bark-700">{setup.otpauthUri}</dd>
      </dl>
      <Field id="enable-two-factor-code" label="Code from the app">
        <Input id="enable-two-factor-code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" inputMode="numeric" />
      </Field>
      <div>
        <Button type="submit" disabled={busy || code.trim().length < 6}>Turn On</Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3" role="region" aria-label="Recovery codes">
      <p className="text-sm">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are not
        shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => <li key={code}>{code}</li>)}
      </ul>
      <div>
        <Button type="button" variant="outline" onClick={onDone}>I Saved Them</Button>
      </div>
    </div>
  );
}

function TurnOff({ onDisabled }: { onDisabled: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await disableTwoFactor({ currentPassword: password, code: code.trim() });
      onDisabled();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field id="disable-two-factor-password" label="Password">
        <Input id="disable-two-factor-password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
      </Field>
      <Field id="disable-two-factor-code" label="Code or recovery code">
        <Input id="disable-two-factor-code" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" />
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={busy || !password || code.trim().length < 6}>Turn Off Two-Factor</Button>
      </div>
    </form>
  );
}

/** Two-factor sign-in on the profile page (decision record 027). */
export function TwoFactorCard() {
  const session = useSession();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = session.user?.twoFactorEnabled ?? false;
  return (
    <TitledCard
      id="two-factor"
      title="Two-Factor Sign-In"
      description={enabled ? 'On: signing in asks for a code from your authenticator app after the password.' : 'Off: add a code from an authenticator app to every sign-in.'}
    >
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enabled ? (
        <TurnOff
          onDisabled={() => {
            toast({ title: 'Two-factor sign-in turned off' });
            void session.refresh();
          }}
        />
      ) : (
        <Enrol
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            void session.refresh();
          }}
        />
      )}
    </TitledCard>
  );
}
