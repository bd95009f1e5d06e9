import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const tones = {
  neutral: 'bg-bark-100 text-bark-900',
  green: 'bg-forest-100 text-forest-800',
  orange: 'bg-orange-100 text-orange-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  red: 'bg-red-100 text-red-800',
  blue: 'bg-blue-100 text-blue-800',
  outline: 'border border-bark-200 text-bark-900',
} as const;

export function Badge({ className, tone = 'neutral', ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', tones[tone], className)} {...props} />;
}
