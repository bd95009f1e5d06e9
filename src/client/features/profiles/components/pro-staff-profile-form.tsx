import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { proStaffProfileBody, type ProStaffProfile } from '@shared/contracts/profiles';
import { proStaffSpecialties } from '@shared/specialties';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input, Textarea } from '../../../components/ui/input';
import { Field } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api';
import { useSession } from '../../auth/session';
import { proStaffByUserKey } from '../api';
import { AvatarUpload } from './avatar-upload';
import { ListEditor } from './list-editor';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
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

/** Spec 5: years of experience is an integer, 0 when the input is not a number. */
const toExperience = (value: unknown) => {
  const number = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};

export function ProStaffProfileForm({ user, profile }: { user: SessionUser; profile: ProStaffProfile | null }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(proStaffProfileBody), defaultValues: defaultsFrom(profile) });
  const { errors, isSubmitting } = form.formState;
  const [firstName, lastName, picture] = form.watch(['firstName', 'lastName', 'profilePictureUrl']);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<ProStaffProfile>('POST', '/api/pro-staff-profiles', { ...values, userId: user.id });
      queryClient.setQueryData(proStaffByUserKey(user.id), saved);
      void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/pro-staff-profiles') && query.queryKey[0] !== proStaffByUserKey(user.id)[0] });
      form.reset(defaultsFrom(saved));
      if (!profile) await session.refresh();
      toast({ title: 'Success', description: 'Pro staff profile updated successfully.' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: 'Error', description: 'Failed to update profile.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Pro Staff Profile</CardTitle>
          <CardDescription>This is what businesses see in the directory and on your public profile.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <AvatarUpload
            name={firstName}
            lastName={lastName}
            url={picture}
            onUploaded={(result) => {
              form.setValue('profilePictureUrl', result.url, { shouldDirty: !result.appliedToProfile });
              if (!result.appliedToProfile) return;
              queryClient.setQueryData<ProStaffProfile | null>(proStaffByUserKey(user.id), (old) => (old ? { ...old, profilePictureUrl: result.url } : old));
              void queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/pro-staff-profiles') && query.queryKey[0] !== proStaffByUserKey(user.id)[0] });
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="firstName" label="First Name" error={errors.firstName?.message}>
              <Input id="firstName" autoComplete="given-name" aria-invalid={Boolean(errors.firstName)} {...form.register('firstName')} />
            </Field>
            <Field id="lastName" label="Last Name" error={errors.lastName?.message}>
              <Input id="lastName" autoComplete="family-name" aria-invalid={Boolean(errors.lastName)} {...form.register('lastName')} />
            </Field>
            <Field id="location" label="Location" error={errors.location?.message}>
              <Input id="location" placeholder="City, State" aria-invalid={Boolean(errors.location)} {...form.register('location')} />
            </Field>
            <Field id="experience" label="Years of Experience" error={errors.experience?.message}>
              <Input id="experience" type="number" min={0} step={1} aria-invalid={Boolean(errors.experience)} {...form.register('experience', { setValueAs: toExperience })} />
            </Field>
          </div>
          <Field id="bio" label="Bio" error={errors.bio?.message}>
            <Textarea id="bio" rows={5} placeholder="Tell businesses about your hunting background, audience and the brands you work with." aria-invalid={Boolean(errors.bio)} {...form.register('bio')} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Specialties</CardTitle>
          <CardDescription>Type a specialty and press Enter, or pick one below. Click a specialty to remove it.</CardDescription>
        </CardHeader>
        <CardContent>
          <Controller
            control={form.control}
            name="specialties"
            render={({ field }) => (
              <ListEditor id="specialty-input" label="Specialties" values={field.value ?? []} onChange={field.onChange} placeholder="Add a specialty" suggestions={proStaffSpecialties} emptyText="No specialties yet." />
            )}
          />
          {errors.specialties && <p role="alert" className="mt-2 text-xs text-red-700">{errors.specialties.message ?? 'Check your specialties'}</p>}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Social Media</CardTitle>
          <CardDescription>Businesses find you by the handles in these links and by your hashtags.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
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
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={isSubmitting}>{isSubmitting ? 'Saving...' : profile ? 'Save Profile' : 'Create Profile'}</Button>
        {profile && (
          <Button asChild variant="outline" size="lg">
            <Link to={`/profile/${profile.id}`}>View Public Profile</Link>
          </Button>
        )}
      </div>
    </form>
  );
}
