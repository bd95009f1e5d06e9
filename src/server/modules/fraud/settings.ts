import { fraudSignals, type FraudMode, type FraudSettings, type FraudSignal, type UpdateFraudSettingsBody } from '@shared/contracts/fraud';
import type { AppContext } from '@server/lib/context';
import type { Database } from '@server/db/client';
import * as repo from './repository';
import { STARTER_COUPON_SITES } from './signals';

/**
 * A business's rules (decision record 039). Defaults: the two abuses that cost twice (own use, leaked codes) and bursts
 * hold the commission; disposable emails and shared buyers across staffers only flag (honest buyers trip them too).
 */
export const DEFAULT_FRAUD_MODES: Record<FraudSignal, FraudMode> = {
  own_use: 'hold', coupon_referrer: 'hold', velocity: 'hold', disposable_email: 'flag', shared_fingerprint: 'flag',
};
/** Open flags approve themselves after this many days unless the business decides first. */
export const DEFAULT_FLAG_EXPIRY_DAYS = 14;

export async function settingsOf(db: Database, businessId: number): Promise<FraudSettings> {
  const row = await repo.findSettings(db, businessId);
  const modes = Object.fromEntries(fraudSignals.map((signal) => [signal, row?.modes[signal] ?? DEFAULT_FRAUD_MODES[signal]])) as Record<FraudSignal, FraudMode>;
  return { modes, expiryDays: row ? row.expiryDays : DEFAULT_FLAG_EXPIRY_DAYS, couponSites: row?.couponSites ?? [] };
}

export const getSettings = (ctx: AppContext, user: { businessId: number }) => settingsOf(ctx.db, user.businessId);

export async function saveSettings(ctx: AppContext, user: { businessId: number }, body: UpdateFraudSettingsBody): Promise<FraudSettings> {
  const current = await settingsOf(ctx.db, user.businessId);
  const next: FraudSettings = {
    modes: { ...current.modes, ...Object.fromEntries(Object.entries(body.modes ?? {}).filter(([, mode]) => mode !== undefined)) },
    expiryDays: body.expiryDays === undefined ? current.expiryDays : body.expiryDays,
    couponSites: body.couponSites ? [...new Set(body.couponSites.map((domain) => domain.trim().toLowerCase()))] : current.couponSites,
  };
  await repo.saveSettings(ctx.db, { businessId: user.businessId, ...next, updatedAt: new Date() });
  return next;
}

/** The deployment's list as admins saved it, or the starter list until they do. */
export async function deploymentCouponSites(db: Database): Promise<string[]> {
  return (await repo.findCouponSiteList(db))?.domains ?? [...STARTER_COUPON_SITES];
}

export async function saveDeploymentCouponSites(ctx: AppContext, domains: string[]): Promise<{ domains: string[] }> {
  const unique = [...new Set(domains.map((domain) => domain.trim().toLowerCase()))].sort();
  await repo.saveCouponSiteList(ctx.db, unique, new Date());
  return { domains: unique };
}
