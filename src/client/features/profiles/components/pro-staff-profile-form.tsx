import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { proStaffProfileBody, type ProStaffProfile } from '@shared/contracts/profiles';
import { proStaffSpecialties } from '@shared/specialties';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { matchesKey } from '@client/lib/api';
import { ownProStaffProfileQuery, proStaffProfilesKey } from '../api';
import { AvatarUpload } from './avatar-upload';
import { ListEditor } from './list-editor';
import { SaveProfileButton, useProfileSave } from './profile-form-parts';
import { SocialLinksFields } from './social-links-fields';

type Input = z.input<typeof proStaffProfileBody>;
type Output = z.output<typeof proStaffProfileBody>;

function defaultsFrom(profile: ProStaffProfile | null): Input {
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    specialties: profile?.specialties ?? [],
    experience: profile?.experience ?? 0,
    portfolioUrls: profile?.portfolioUrls ?? [],
    profilePictureUrl: profile?.profilePictureUrl ?? null,
    socialLinks: { ...profile?.socialLinks },
    socialTags: profile?.socialTags ?? [],
  };
}

/** Decision record 010 §5: years of experience is an integer, 0 when the input is not a number. */
const toExperience = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};

export function ProStaffProfileForm({ user, profile }: { user: SessionUser; profile: ProStaffProfile | null }) {
  const queryClient = useQueryClient();
  // The directory, featured list and public page show this profile too; the own entry was just set from the answer.
  const ownKey = ownProStaffProfileQuery(user.id).queryKey;
  const refreshOtherProfileReads = () =>
    queryClient.invalidateQueries({ queryKey: proStaffProfilesKey, predicate: (query) => !matchesKey(query.queryKey, ownKey) });
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(proStaffProfileBody), defaultValues: defaultsFrom(profile) });
  const { errors, isSubmitting } = form.formState;
  const [firstName, lastName, picture] = form.watch(['firstName', 'lastName', 'profilePictureUrl']);

  const onSubmit = useProfileSave({
    form,
    path: '/api/pro-staff-profiles',
    userId: user.id,
    ownKey,
    existed: profile !== null,
    defaultsFrom,
    successMessage: 'Pro staff profile updated successfully.',
    afterSave: () => void refreshOtherProfileReads(),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <TitledCard title="Pro Staff Profile" description="This is what businesses see in the directory and on your public profile." contentClassName="flex flex-col gap-4">
        <AvatarUpload
          name={firstName}
          lastName={lastName}
          url={picture}
          onUploaded={(result) => {
            form.setValue('profilePictureUrl', result.url, { shouldDirty: !result.appliedToProfile });
            if (!result.appliedToProfile) return;
            queryClient.setQueryData(ownProStaffProfileQuery(user.id).queryKey, (old) => (old ? { ...old, profilePictureUrl: result.url } : old));
            void refreshOtherProfileReads();
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField form={form} name="firstName" label="First Name" autoComplete="given-name" />
          <InputField form={form} name="lastName" label="Last Name" autoComplete="family-name" />
          <InputField form={form} name="location" label="Location" placeholder="City, State" />
          <InputField form={form} name="experience" label="Years of Experience" type="number" min={0} step={1} registerOptions={{ setValueAs: toExperience }} />
        </div>
        <TextareaField form={form} name="bio" label="Bio" rows={5} placeholder="Tell businesses about your hunting background, audience and the brands you work with." />
      </TitledCard>

      <TitledCard title="Specialties" description="Type a specialty and press Enter, or pick one below. Click a specialty to remove it.">
        <Controller
          control={form.control}
          name="specialties"
          render={({ field }) => (
            <ListEditor id="specialty-input" label="Specialties" values={field.value ?? []} onChange={field.onChange} placeholder="Add a specialty" suggestions={proStaffSpecialties} emptyText="No specialties yet." />
          )}
        />
        {errors.specialties && <p role="alert" className="mt-2 text-xs text-red-700">{errors.specialties.message ?? 'Check your specialties'}</p>}
      </TitledCard>

      <TitledCard title="Social Media" description="Businesses find you by the handles in these links and by your hashtags." contentClassName="flex flex-col gap-6">
        <SocialLinksFields register={form.register} errors={errors} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="tag-input" className="text-sm font-medium">Hashtags you post with</label>
          <Controller
            control={form.control}
            name="socialTags"
            render={({ field }) => (
              <ListEditor
                id="tag-input"
                label="Hashtags"
                values={field.value ?? []}
                onChange={field.onChange}
                placeholder="#elkhunting"
                format={(value) => (value ? `#${value.replace(/^[#@]+/, '').toLowerCase()}` : '')}
                emptyText="No hashtags yet."
              />
            )}
          />
          {errors.socialTags && <p role="alert" className="text-xs text-red-700">{errors.socialTags.message ?? 'Tags use letters, numbers, _ . and - only'}</p>}
        </div>
      </TitledCard>

      <div className="flex flex-wrap items-center gap-3">
        <SaveProfileButton saving={isSubmitting} exists={profile !== null} />
        {profile && (
          <Button asChild variant="outline" size="lg">
            <Link to={`/profile/${profile.id}`}>View Public Profile</Link>
          </Button>
        )}
      </div>
    </form>
  );
}
