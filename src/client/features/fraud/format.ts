import { z } from 'zod';
import { updateCouponSiteListBody, type FlagStatus, type FraudFlag } from '@shared/contracts/fraud';
import { formatMoney } from '@shared/currency';
import { formatDate } from '@client/lib/format-dates';

export const flagStatusLabels: Record<FlagStatus, string> = { open: 'Open', approved: 'Approved', rejected: 'Rejected' };
export const flagStatusTones: Record<FlagStatus, 'yellow' | 'green' | 'red'> = { open: 'yellow', approved: 'green', rejected: 'red' };

/** An evidence key as words: `matchedField` and `matched_field` both read "Matched field". */
function keyAsWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueAsText(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return value;
}

/** The evidence as one readable line: "Matched: shipping address · Referrer: retailmenot.com". */
export function describeEvidence(evidence: FraudFlag['evidence']): string {
  const parts = Object.entries(evidence).map(([key, value]) => `${keyAsWords(key)}: ${valueAsText(value)}`);
  return parts.length ? parts.join(' · ') : 'No details recorded';
}

/** The held commission in its own currency, or null when the flag holds nothing. */
export function heldAmount(flag: FraudFlag): string | null {
  if (flag.commissionAmountMinor === null || flag.currency === null) return null;
  return formatMoney(flag.commissionAmountMinor, flag.currency);
}

/** When an open flag settles by itself, or what settled a decided one. */
export function describeSettlement(flag: FraudFlag): string {
  if (flag.status === 'open') return flag.expiresAt ? `Approves itself on ${formatDate(flag.expiresAt)}` : 'Held until decided';
  const by = flag.resolution === 'expired' ? ' (expired)' : flag.resolution === 'automatic' ? ' (automatically)' : '';
  return `${flag.status === 'approved' ? 'Approved' : 'Rejected'}${flag.decidedAt ? ` ${formatDate(flag.decidedAt)}` : ''}${by}`;
}

const domain = updateCouponSiteListBody.shape.domains.element;

/**
 * A list of coupon-site domains typed one per line (or separated by commas), checked with the contract's own domain rule:
 * a bad line is named in the message, so the person knows which one to fix. Duplicates are dropped.
 */
export const domainListText = z.string().transform((text, ctx) => {
  const domains = new Set<string>();
  for (const line of text.split(/[\n,]/).map((l) => l.trim()).filter(Boolean)) {
    const parsed = domain.safeParse(line);
    if (parsed.success) domains.add(parsed.data);
    else ctx.addIssue({ code: 'custom', message: `${line}: ${parsed.error.issues[0]?.message ?? 'not a domain'}` });
  }
  return [...domains];
});
