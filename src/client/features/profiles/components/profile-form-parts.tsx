import type { FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';

/** A refused profile save: the server's field errors go to their fields and a toast says the save failed. */
export function reportProfileSaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  showServerFieldErrors(error, setError);
  toast({ title: 'Error', description: 'Failed to update profile.', variant: 'destructive' });
}

/** Submit button of both profile forms: "Create Profile" until the profile exists. */
export function SaveProfileButton({ saving, exists }: { saving: boolean; exists: boolean }) {
  return <Button type="submit" size="lg" disabled={saving}>{saving ? 'Saving...' : exists ? 'Save Profile' : 'Create Profile'}</Button>;
}

type ProfileSave<TProfile, TInput extends FieldValues, TOutput> = {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** Where the profile is POSTed (create or update). */
  path: string;
  userId: number;
  /** The cache entry of the user's own profile, set from the server's answer. */
  ownKey: QueryKey;
  /** Whether the profile existed before: a first save also refreshes the session (it now has a profile). */
  existed: boolean;
  defaultsFrom(profile: TProfile): TInput;
  successMessage: string;
  /** Anything else to refresh once saved. */
  afterSave?(): void;
};

/** The submit handler both profile forms share: save, keep the cache and form in step with the answer, toast. */
export function useProfileSave<TProfile, TInput extends FieldValues, TOutput>(save: ProfileSave<TProfile, TInput, TOutput>) {
  const session = useSession();
  const queryClient = useQueryClient();
  const { form } = save;
  return form.handleSubmit(async (values) => {
    try {
      const saved = await apiRequest<TProfile>('POST', save.path, { ...values, userId: save.userId });
      queryClient.setQueryData(save.ownKey, saved);
      save.afterSave?.();
      form.reset(save.defaultsFrom(saved));
      if (!save.existed) await session.refresh();
      toast({ title: 'Success', description: save.successMessage });
    } catch (error) {
      reportProfileSaveError(error, form.setError);
    }
  });
}
