import { initials } from '@shared/format';
import { cn } from '@client/components/ui/cn';

/** The profile picture, or the person's initials when there is none. */
export function ProfileAvatar({ name, lastName, url, size = 'md' }: { name: string; lastName?: string | null; url: string | null | undefined; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-24 w-24 text-3xl' : 'h-16 w-16 text-xl';
  if (url) return <img src={url} alt={`${name} ${lastName ?? ''}`.trim()} className={cn('shrink-0 rounded-full object-cover', box)} />;
  return (
    <div aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full bg-forest-100 font-bold text-forest-800', box)}>
      {initials(name, lastName)}
    </div>
  );
}
