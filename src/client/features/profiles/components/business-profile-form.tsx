import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { businessProfileBody, type BusinessProfile } from '@shared/contracts/profiles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { apiRequest } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { ownBusinessProfileQuery } from '../api';
import { AvatarUpload } from './avatar-upload';
import { reportProfileSaveError, SaveProfileButton } from './profile-form-parts';
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
      queryClient.setQueryData(ownBusinessProfileQuery(user.id).queryKey, saved);
      form.reset(defaultsFrom(saved));
      if (!profile) await session.refresh();
      toast({ title: 'Success', description: 'Business profile updated successfully.' });
    } catch (error) {
      reportProfileSaveError(error, form.setError);
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
              if (result.appliedToProfile) queryClient.setQueryData(ownBusinessProfileQuery(user.id).queryKey, (old) => (old ? { ...old, profilePictureUrl: result.url } : old));
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="companyName" label="Company Name" autoComplete="organization" />
            <InputField form={form} name="location" label="Location" placeholder="City, State" />
            <InputField form={form} name="industry" label="Industry" placeholder="Outfitter, Retail, Manufacturer..." />
            <InputField form={form} name="size" label="Company Size" placeholder="10-25 employees" />
            <InputField form={form} name="website" label="Company Website" type="url" placeholder="https://yourcompany.com" />
          </div>
          <TextareaField form={form} name="description" label="Description" rows={5} placeholder="What you do, where you hunt or sell, and the pro staff you are looking for." />
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
        <SaveProfileButton saving={isSubmitting} exists={profile !== null} />
      </div>
    </form>
  );
}
