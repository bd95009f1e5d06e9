import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { businessProfileBody, type BusinessProfile } from '@shared/contracts/profiles';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { Field } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../auth/session';
import { businessByUserKey } from '../api';
import { AvatarUpload } from './avatar-upload';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { SocialLinksFields } from './social-links-fields';

type Input = z.input<typeof businessProfileBody>;
type Output = z.output<typeof businessProfileBody>;

function defaultsFrom(profile: BusinessProfile | null): Input {
  return {
    companyName: profile?.companyName ?? '',
    description: profile?.description ?? '',
    location: profile?.location ?? '',
    website: profile?.website ?? '',
    industry: profile?.industry ?? '',
    size: profile?.size ?? '',
    profilePictureUrl: profile?.profilePictureUrl ?? null,
    socialLinks: { ...profile?.socialLinks },
  };
}

export function BusinessProfileForm({ user, profile }: { user: SessionUser; profile: BusinessProfile | null }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(businessProfileBody), defaultValues: defaultsFrom(profile) });
  const { errors, isSubmitting } = form.formState;
  const [companyName, picture] = form.watch(['companyName', 'profilePictureUrl']);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<BusinessProfile>('POST', '/api/business-profiles', { ...values, userId: user.id });
      queryClient.setQueryData(businessByUserKey(user.id), saved);
      form.reset(defaultsFrom(saved));
      if (!profile) await session.refresh();
      toast({ title: 'Success', description: 'Business profile updated successfully.' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: 'Error', description: 'Failed to update profile.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Business Profile</CardTitle>
          <CardDescription>Pro staff see this when you message them or post jobs.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <AvatarUpload
            name={companyName}
            url={picture}
            onUploaded={(result) => {
              form.setValue('profilePictureUrl', result.url, { shouldDirty: !result.appliedToProfile });
              if (result.appliedToProfile) queryClient.setQueryData<BusinessProfile | null>(businessByUserKey(user.id), (old) => (old ? { ...old, profilePictureUrl: result.url } : old));
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="companyName" label="Company Name" error={errors.companyName?.message}>
              <Input id="companyName" autoComplete="organization" aria-invalid={Boolean(errors.companyName)} {...form.register('companyName')} />
            </Field>
            <Field id="location" label="Location" error={errors.location?.message}>
              <Input id="location" placeholder="City, State" aria-invalid={Boolean(errors.location)} {...form.register('location')} />
            </Field>
            <Field id="industry" label="Industry" error={errors.industry?.message}>
              <Input id="industry" placeholder="Outfitter, Retail, Manufacturer..." aria-invalid={Boolean(errors.industry)} {...form.register('industry')} />
            </Field>
            <Field id="size" label="Company Size" error={errors.size?.message}>
              <Input id="size" placeholder="10-25 employees" aria-invalid={Boolean(errors.size)} {...form.register('size')} />
            </Field>
            <Field id="website" label="Company Website" error={errors.website?.message}>
              <Input id="website" type="url" placeholder="https://yourcompany.com" aria-invalid={Boolean(errors.website)} {...form.register('website')} />
            </Field>
          </div>
          <Field id="description" label="Description" error={errors.description?.message}>
            <Textarea id="description" rows={5} placeholder="What you do, where you hunt or sell, and the pro staff you are looking for." aria-invalid={Boolean(errors.description)} {...form.register('description')} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Social Media</CardTitle>
          <CardDescription>Links shown to pro staff on your profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <SocialLinksFields register={form.register} errors={errors} />
        </CardContent>
      </Card>

      <div>
        <Button type="submit" size="lg" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : profile ? 'Save Profile' : 'Create Profile'}</Button>
      </div>
    </form>
  );
}
