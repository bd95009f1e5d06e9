import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';

const variants = {
  primary: 'bg-forest-700 text-white hover:bg-forest-800 shadow-sm',
  accent: 'bg-blaze-500 text-white hover:bg-blaze-600 shadow-sm',
  outline: 'border border-bark-200 bg-white text-bark-900 hover:bg-bark-100',
  ghost: 'text-bark-900 hover:bg-bark-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'text-forest-700 underline-offset-4 hover:underline px-0',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = 'primary', size = 'md', asChild, type, ...props },
  ref,
) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-50',
        // Size first, so a variant's own spacing (the link's px-0) overrides the size's padding.
        sizes[size],
        variants[variant],
        className,
      )}
      {...props}
    />
  );
});
