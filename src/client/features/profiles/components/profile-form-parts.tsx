import type { FieldValues, UseFormSetError } from 'react-hook-form';
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
