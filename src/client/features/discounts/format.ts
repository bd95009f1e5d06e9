import type { DiscountCode } from '@shared/contracts/discounts';
import { formatUsd } from '@shared/format';

export function describeDiscount(code: Pick<DiscountCode, 'discountType' | 'discountValue'>): string {
  return code.discountType === 'percentage' ? `${code.discountValue}% off` : `${formatUsd(code.discountValue)} off`;
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function isExpired(code: Pick<DiscountCode, 'expiresAt'>): boolean {
  return Boolean(code.expiresAt && new Date(code.expiresAt).getTime() <= Date.now());
}

/** ISO -> the value a datetime-local input shows (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** datetime-local value -> ISO, or null when empty. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

