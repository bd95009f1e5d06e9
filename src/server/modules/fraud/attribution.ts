import { fraudSignalLabels } from '@shared/contracts/fraud';
import type { Database } from '@server/db/client';
import type { FingerprintKind } from '@server/db/schema/fraud';
import type { AppContext } from '@server/lib/context';
import { derivedKey } from '@server/lib/secret-box';
import type { Config } from '@server/config';
import * as repo from './repository';
import { raiseFlags, type FlaggedOrder, type Raised } from './flags-service';
import { deploymentCouponSites, settingsOf } from './settings';
import { emptyFacts, evaluateSignals, hashIdentity, hashOrder, observeUse, VELOCITY_WINDOW_HOURS, type OrderRiskFacts, type PostalAddress, type RiskHashes } from './signals';

/**
 * The signals run on every newly attributed order (decision record 039), in the attribution's transaction: the risk
 * facts of the store's payload are hashed, the context is read from the database, and each signal that fires becomes a
 * flag with the business's mode. Only hashes are stored (order_risk_hashes, purged after ORDER_RISK_RETENTION_DAYS).
 */

/** Look-back of the shared-fingerprint signal. */
export const SHARED_FINGERPRINT_DAYS = 30;
/** Order risk rows are kept this long, then purged by the retention task. */
export const ORDER_RISK_RETENTION_DAYS = 180;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The key of every hash of personal data here: derived from the server secret with a fixed label. */
export const hashKeyOf = (config: Config) => derivedKey(config, 'huntstaff fraud hashes v1');

type Ctx = Pick<AppContext, 'db' | 'tasks' | 'events' | 'log' | 'config'>;

export async function checkAttributedOrder(ctx: Ctx, db: Database, order: FlaggedOrder, payload: OrderRiskFacts | null, now: Date): Promise<Raised> {
  const key = hashKeyOf(ctx.config);
  const trail = await repo.browserTrail(db, order.businessId, order.code, order.orderId, now);
  const base = payload ?? emptyFacts();
  const facts: OrderRiskFacts = { ...base, referrers: [...base.referrers, ...trail.referrers] };
  const hashes = hashOrder(facts, key);
  const staffer = await stafferHashes(db, order.proStaffId, key);
  const settings = await settingsOf(db, order.businessId);
  const couponDomains = new Set([...(await deploymentCouponSites(db)), ...settings.couponSites].map((domain) => domain.toLowerCase()));
  const baseline = order.discountCodeId === null ? null : await repo.findVelocity(db, order.discountCodeId);
  const usesInWindow = order.discountCodeId === null ? 1 : await repo.codeUsesSince(db, order.discountCodeId, new Date(now.getTime() - VELOCITY_WINDOW_HOURS * HOUR_MS));
  const fingerprints = fingerprintRows(hashes);
  const sharedFingerprint = await repo.sharedFingerprint(db, order.businessId, order.proStaffId, fingerprints.map((row) => row.hash), new Date(now.getTime() - SHARED_FINGERPRINT_DAYS * DAY_MS));
  const inputs = evaluateSignals(facts, hashes, { staffer, couponDomains, velocity: { usesInWindow, baseline, now }, sharedFingerprint, sawPageView: trail.sawPageView });
  if (order.discountCodeId !== null) await repo.saveVelocity(db, order.discountCodeId, observeUse(baseline, now), now);
  await repo.insertRiskHashes(db, fingerprints.map((row) => ({ ...row, businessId: order.businessId, orderId: order.orderId, proStaffId: order.proStaffId, createdAt: now })));
  return raiseFlags(ctx, db, order, inputs, now);
}

/**
 * An order the business rejected as fraud owes nothing from then on (decision record 039), whatever the store says
 * later: a restore or a refund of it never brings back (nor adjusts) a commission the rejection reversed or clawed back.
 */
export const rejectedAsFraud = (db: Database, commissionId: number) => repo.rejectedAsFraud(db, commissionId);

/** What the staffer gave us, hashed: account email, gear shipping addresses and phones, household addresses (stored hashed). */
async function stafferHashes(db: Database, proStaffId: number, key: string): Promise<RiskHashes> {
  const identity = await repo.stafferIdentity(db, proStaffId);
  const addresses = identity.shipping.map((address): PostalAddress => ({
    name: address.name, line1: address.line1, line2: address.line2, city: address.city, region: address.region, postalCode: address.postalCode, country: address.country,
  }));
  const phones = identity.shipping.map((address) => address.phone).filter((phone): phone is string => Boolean(phone));
  const hashed = hashIdentity({ emails: identity.email ? [identity.email] : [], phones, addresses }, key);
  return { ...hashed, addresses: [...new Set([...hashed.addresses, ...identity.householdHashes])] };
}

function fingerprintRows(hashes: RiskHashes): { kind: FingerprintKind; hash: string }[] {
  return [
    ...hashes.emails.map((hash) => ({ kind: 'email' as const, hash })),
    ...hashes.phones.map((hash) => ({ kind: 'phone' as const, hash })),
    ...hashes.addresses.map((hash) => ({ kind: 'address' as const, hash })),
    ...(hashes.ip ? [{ kind: 'ip' as const, hash: hashes.ip }] : []),
    ...(hashes.card ? [{ kind: 'card' as const, hash: hashes.card }] : []),
  ];
}

/** The delivery log's line for a flagged order: which signals fired and what was done. */
export function flaggedReason(raised: Raised): string | null {
  if (raised.flags.length === 0) return null;
  const names = raised.flags.map((flag) => fraudSignalLabels[flag.signal].toLowerCase()).join(', ');
  const done = raised.flags.some((flag) => flag.mode === 'auto_reject') ? 'commission rejected' : raised.flags.some((flag) => flag.mode === 'hold') ? 'commission held for review' : 'flagged only';
  return `Flagged: ${names} (${done})`;
}

/** Order risk rows past retention (decision record 039). */
export function purgeOrderRisk(db: Database, now: Date): Promise<number> {
  return repo.purgeRiskHashes(db, new Date(now.getTime() - ORDER_RISK_RETENTION_DAYS * DAY_MS));
}
