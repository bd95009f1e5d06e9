import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { BRAND_LOGO_MAX_BYTES, type BrandingSettings } from '@shared/contracts/branding';
import { BRAND_TEXT_COLOR, MIN_TEXT_CONTRAST, checkBrandColor, formatRatio } from '@shared/brand-colour';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { toastError } from '@client/lib/toast-error';
import { brandingKey, removeBrandLogo, saveBrandColor, uploadBrandLogo, useBrandingSettings } from '../api';
import { BrandBanner } from './brand-banner';

const DEFAULT_PICKER = '#1f5132';

/** What the colour field says as the owner types: the same shared check the server runs (decision record 045). */
function ColorVerdict({ value }: { value: string }) {
  if (!value) return <p className="text-sm text-bark-700">No brand colour: your banner uses HuntStaff green.</p>;
  const check = checkBrandColor(value);
  if (check.ok) {
    return <p className="text-sm text-forest-700" data-testid="contrast-verdict">Contrast {formatRatio(check.ratio)}:1 with white text: passes WCAG AA ({MIN_TEXT_CONTRAST}:1).</p>;
  }
  return <p role="alert" className="text-sm font-medium text-red-700" data-testid="contrast-verdict">{check.message}</p>;
}

function LockedNotice({ settings }: { settings: BrandingSettings }) {
  const kept = settings.logoUrl !== null || settings.color !== null;
  return (
    <div className="mb-4 flex gap-3 rounded-lg border border-bark-200 bg-bark-50 p-4 text-sm text-bark-800" data-testid="branding-locked">
      <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div>
        <p>Custom branding is part of the Enterprise plan; your {settings.planName} plan does not include it. <Link to="/subscription" className="font-medium text-forest-700 underline underline-offset-4">Upgrade your plan</Link></p>
        {kept && <p className="mt-1">Your logo and colour are kept, but not shown to anyone until you are on Enterprise again. You can still remove them.</p>}
      </div>
    </div>
  );
}

function BrandingForm({ settings, companyName }: { settings: BrandingSettings; companyName: string }) {
  const queryClient = useQueryClient();
  const [color, setColor] = useState(settings.color ?? '');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const locked = !settings.entitled;
  const check = color ? checkBrandColor(color) : null;

  const apply = (next: BrandingSettings) => queryClient.setQueryData(brandingKey, next);

  async function run(action: () => Promise<BrandingSettings>, done: string) {
    setBusy(true);
    setServerError(null);
    try {
      apply(await action());
      void queryClient.invalidateQueries({ queryKey: ['business-profiles'] });
      void queryClient.invalidateQueries({ queryKey: ['job-postings'] });
      toast({ title: done });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setServerError(describeError(error));
      else toastError(error);
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (check && !check.ok) return; // The verdict under the field already says why.
    void run(() => saveBrandColor(color || null), color ? 'Brand colour saved' : 'Brand colour removed');
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(file.type)) {
      toast({ title: 'Invalid file type', description: 'The logo must be a PNG, JPEG, GIF or WebP image (SVG is not accepted).', variant: 'destructive' });
    } else if (file.size > BRAND_LOGO_MAX_BYTES) {
      toast({ title: 'File too large', description: 'Choose an image under 2 MB.', variant: 'destructive' });
    } else {
      void run(() => uploadBrandLogo(file), 'Logo uploaded');
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  const preview = { logoUrl: settings.logoUrl, color: check?.ok ? color.toLowerCase() : null };
  return (
    <>
      {locked && <LockedNotice settings={settings} />}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-6">
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
            <Label htmlFor="brand-color">Brand colour</Label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the brand colour"
                value={/^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : DEFAULT_PICKER}
                onChange={(event) => { setColor(event.target.value); setServerError(null); }}
                disabled={locked || busy}
                className="h-10 w-12 shrink-0 cursor-pointer rounded border border-bark-200 bg-white"
              />
              <Input
                id="brand-color"
                name="color"
                value={color}
                placeholder="#1f5132"
                maxLength={7}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="brand-color-verdict"
                aria-invalid={check?.ok === false || serverError !== null}
                onChange={(event) => { setColor(event.target.value.trim()); setServerError(null); }}
                disabled={locked || busy}
              />
            </div>
            <div id="brand-color-verdict" aria-live="polite">
              <ColorVerdict value={color} />
              {serverError && <p role="alert" className="text-sm font-medium text-red-700">{serverError}</p>}
            </div>
            <p className="text-xs text-bark-700">Used behind white text ({BRAND_TEXT_COLOR}), so it needs a contrast of at least {MIN_TEXT_CONTRAST}:1 (WCAG AA).</p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={locked || busy || check?.ok === false}>Save Colour</Button>
              {settings.color && <Button type="button" variant="outline" disabled={busy} onClick={() => { setColor(''); void run(() => saveBrandColor(null), 'Brand colour removed'); }}>Remove Colour</Button>}
            </div>
          </form>
          <div className="flex flex-col gap-2">
            <Label htmlFor="brand-logo-file">Logo</Label>
            <input
              ref={fileInput}
              id="brand-logo-file"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              data-testid="brand-logo-input"
              disabled={locked || busy}
              onChange={(event) => onFile(event.target.files?.[0])}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" disabled={locked || busy} onClick={() => fileInput.current?.click()}>{settings.logoUrl ? 'Change Logo' : 'Upload Logo'}</Button>
              {settings.logoUrl && <Button type="button" variant="outline" disabled={busy} onClick={() => void run(removeBrandLogo, 'Logo removed')}>Remove Logo</Button>}
            </div>
            <p className="text-xs text-bark-700">PNG, JPEG, GIF or WebP, up to 2 MB. SVG is not accepted.</p>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-bark-900">Preview</p>
          <BrandBanner brand={preview} name={companyName || 'Your business'} className="bg-forest-700" >
            <p className="text-sm">Shown on your public profile, job postings and agreements.</p>
          </BrandBanner>
        </div>
      </div>
    </>
  );
}

/** Custom branding settings on the business's profile page (Enterprise; shown locked on other plans). */
export function BrandingCard({ companyName }: { companyName: string }) {
  const settings = useBrandingSettings();
  return (
    <TitledCard title="Custom branding" description="Your logo and brand colour on your public profile, your job postings and your agreement pages; your name heads the agreement emails your pro staff get.">
      {settings.isPending ? <Skeleton className="h-40 w-full" /> : settings.isError ? <p className="text-sm text-red-700">{describeError(settings.error)}</p> : <BrandingForm settings={settings.data} companyName={companyName} />}
    </TitledCard>
  );
}
