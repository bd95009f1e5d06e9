import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class override an earlier one of the
 * same kind (`cn('px-0', 'px-4')` is `px-4`): without the merge both land in the markup and the built CSS's
 * order, not the caller's, decides which wins.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
