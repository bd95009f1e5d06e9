import type { ReactNode } from 'react';
import type { Brand } from '@shared/contracts/branding';
import { cn } from '@client/components/ui/cn';

/**
 * A business's custom branding (decision record 045): its logo on a band of its colour, with its name in white. The
 * server accepts only colours with at least 4.5:1 against white, so the text stays readable; without a colour the
 * band is the app's forest green. Renders nothing when the business shows no branding.
 */
export function BrandBanner({ brand, name, children, className, size = 'lg' }: { brand: Brand; name: string; children?: ReactNode; className?: string; size?: 'sm' | 'lg' }) {
  if (!brand) return null;
  return (
    <div
      className={cn('flex min-w-0 items-center gap-3 rounded-lg bg-forest-700 text-white', size === 'lg' ? 'p-4' : 'px-3 py-2', className)}
      style={brand.color ? { backgroundColor: brand.color } : undefined}
      data-testid="brand-banner"
      data-brand-color={brand.color ?? undefined}
    >
      {brand.logoUrl && (
        <img
          src={brand.logoUrl}
          alt={`${name} logo`}
          className={cn('shrink-0 rounded bg-white object-contain p-1', size === 'lg' ? 'h-14 w-14' : 'h-8 w-8')}
        />
      )}
      <div className="min-w-0">
        <p className={cn('truncate font-semibold', size === 'lg' ? 'text-lg' : 'text-sm')}>{name}</p>
        {children}
      </div>
    </div>
  );
}
