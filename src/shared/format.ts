const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}

/** "12.50" -> 1250. Accepts at most two decimals; returns null for anything else. */
export function parseMoneyToCents(value: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

/** 1250 -> "12.50", the decimal string the wire uses for money. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Bytes/KB/MB/GB with two decimals, as the composer shows attachments. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const index = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** index).toFixed(2))} ${units[index]}`;
}

/** Click-through rate as clicks / impressions x 100 with two decimals; 0.00 without impressions. */
export function clickThroughRate(clicks: number, impressions: number): string {
  return impressions > 0 ? ((clicks / impressions) * 100).toFixed(2) : '0.00';
}

export function initials(first: string | null | undefined, last?: string | null): string {
  const a = (first ?? '').trim().charAt(0);
  const b = (last ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

/** "Online", "POS" or "POS · location 655441491": how an order was sold (issue 44). */
export function saleChannelLabel(channel: 'online' | 'pos', locationId: string | null): string {
  const name = channel === 'pos' ? 'POS' : 'Online';
  return locationId ? `${name} · location ${locationId}` : name;
}
