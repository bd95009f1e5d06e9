import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { businessProfileBody, type BusinessProfile } from '@shared/contracts/profiles';
import { TitledCard } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { ownBusinessProfileQuery } from '../api';
import { AvatarUpload } from './avatar-upload';
import { SaveProfileButton, useProfileSave } from './profile-form-parts';
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
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(businessProfileBody), defaultValues: defaultsFrom(profile) });
  const { errors, isSubmitting } = form.formState;
  const [companyName, picture] = form.watch(['companyName', 'profilePictureUrl']);

  const onSubmit = useProfileSave({
    form,
    path: '/api/business-profiles',
    userId: user.id,
    ownKey: ownBusinessProfileQuery(user.id).queryKey,
    existed: profile !== null,
    defaultsFrom,
    successMessage: 'Business profile updated successfully.',
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <TitledCard title="Business Profile" description="Pro staff see this when you message them or post jobs." contentClassName="flex flex-col gap-4">
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
      </TitledCard>

      <TitledCard title="Social Media" description="Links shown to pro staff on your profile.">
        <SocialLinksFields register={form.register} errors={errors} />
      </TitledCard>

      <div>
        <SaveProfileButton saving={isSubmitting} exists={profile !== null} />
      </div>
    </form>
  );
}
