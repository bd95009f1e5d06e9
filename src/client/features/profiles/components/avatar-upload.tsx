import { useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { AVATAR_MAX_BYTES, type AvatarUploadResult } from '@shared/contracts/profiles';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast';
import { ApiError, apiUpload, describeError } from '@client/lib/api';
import { ProfileAvatar } from './profile-avatar';

/** Picks, checks and uploads a profile picture; the server checks the bytes again. */
export function AvatarUpload({ name, lastName, url, onUploaded }: { name: string; lastName?: string; url: string | null | undefined; onUploaded(result: AvatarUploadResult): void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file (JPG, PNG, GIF)', variant: 'destructive' });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast({ title: 'File too large', description: 'Please select an image smaller than 5MB', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const result = await apiUpload<AvatarUploadResult>('/api/uploads/avatar', file);
      onUploaded(result);
      toast({ title: 'Profile picture updated', description: result.appliedToProfile ? undefined : 'Save your profile to keep it.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 415) {
        toast({ title: 'Invalid file type', description: 'Please select an image file (JPG, PNG, GIF)', variant: 'destructive' });
      } else if (error instanceof ApiError && error.status === 413) {
        toast({ title: 'File too large', description: 'Please select an image smaller than 5MB', variant: 'destructive' });
      } else {
        toast({ title: 'Upload failed', description: describeError(error), variant: 'destructive' });
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex items-center gap-4">
      <ProfileAvatar name={name || '?'} lastName={lastName} url={url} size="lg" />
      <div className="flex flex-col gap-1">
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Profile picture file"
          data-testid="avatar-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          <Camera className="h-4 w-4" aria-hidden="true" />
          {busy ? 'Uploading...' : url ? 'Change Photo' : 'Upload Photo'}
        </Button>
        <p className="text-xs text-bark-700">JPG, PNG, GIF or WebP, up to 5MB.</p>
      </div>
    </div>
  );
}
