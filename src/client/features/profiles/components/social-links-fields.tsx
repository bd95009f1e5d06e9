import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { socialPlatformLabels } from '@shared/contracts/profiles';
import { socialPlatformKeys } from '@shared/specialties';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';

const placeholders: Record<string, string> = {
  instagram: 'https://instagram.com/yourhandle',
  facebook: 'https://facebook.com/yourpage',
  youtube: 'https://youtube.com/@yourchannel',
  twitter: 'https://x.com/yourhandle',
  tiktok: 'https://tiktok.com/@yourhandle',
  linkedin: 'https://linkedin.com/in/yourname',
  website: 'https://yourwebsite.com',
};

type WithSocialLinks = { socialLinks?: Partial<Record<string, string | null>> | null };

/** One URL input per platform key (decision record 010 §3); empty inputs are ignored on save. */
export function SocialLinksFields<T extends WithSocialLinks>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const linkErrors = (errors as FieldErrors<WithSocialLinks>).socialLinks as Record<string, { message?: string } | undefined> | undefined;
  const reg = register as unknown as UseFormRegister<WithSocialLinks>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {socialPlatformKeys.map((key) => (
        <Field key={key} id={`social-${key}`} label={socialPlatformLabels[key]} error={linkErrors?.[key]?.message}>
          <Input
            id={`social-${key}`}
            type="url"
            inputMode="url"
            placeholder={placeholders[key]}
            aria-invalid={Boolean(linkErrors?.[key])}
            {...reg(`socialLinks.${key}` as `socialLinks.${string}`)}
          />
        </Field>
      ))}
    </div>
  );
}
