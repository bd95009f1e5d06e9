import { appOrigin } from '@server/config';
import type { AppContext } from '@server/lib/context';
import type { CodeCard } from '@shared/contracts/code-links';
import { listPlatforms, type CodeRow, type PlatformRow } from '../repository';
import { fromHundredths } from '../mappers';
import { invalidReason, normaliseCode, platformMatches } from '../store-service';
import { activeCodesOf, findCodeWithBusiness } from './code-link-repository';

// The staffer's QR card and the public link it encodes (issue 44, decision record 040). The link names the business
// because codes are unique per business only; the redirect target is built from the store address the business
// saved, never from the request, so the link cannot be turned into an open redirect.

/** Where an opened link lands: the store applying the code, or our page showing it (null: unknown or not usable). */
export type CodeLanding =
  | { kind: 'redirect'; url: string }
  | { kind: 'show'; code: string; businessName: string; storeUrl: string | null };

const MAX_CODE_LENGTH = 100;
const MAX_ID = 2_147_483_647;

/** The store the code is used at: the business's oldest active platform it is meant for that has a store address. */
function storeOf(code: CodeRow, platforms: PlatformRow[]): PlatformRow | null {
  return platforms.find((platform) => platform.isActive && platform.storeOrigin && platformMatches(code, platform)) ?? null;
}

/**
 * The store's own link that applies the code, where the platform documents one: Shopify's shareable discount link
 * `https://<shop>/discount/<CODE>` applies the code at checkout. BigCommerce and WooCommerce core have none (record 040).
 */
export function storeApplyUrl(platform: PlatformRow | null, code: string): string | null {
  if (platform?.platformType !== 'shopify' || !platform.storeOrigin) return null;
  return `${platform.storeOrigin}/discount/${encodeURIComponent(code)}`;
}

export function codeLink(ctx: AppContext, businessId: number, code: string): string {
  return `${appOrigin(ctx.config)}/c/${businessId}/${encodeURIComponent(code)}`;
}

/** The caller's active codes as QR cards. */
export async function cardsOf(ctx: AppContext, proStaffId: number): Promise<CodeCard[]> {
  const rows = await activeCodesOf(ctx.db, proStaffId);
  const platformsByBusiness = new Map<number, PlatformRow[]>();
  for (const businessId of new Set(rows.map((row) => row.code.businessId))) platformsByBusiness.set(businessId, await listPlatforms(ctx.db, businessId));
  return rows
    .filter((row) => invalidReason(row.code, null) === null)
    .map(({ code, businessName }) => ({
      codeId: code.id,
      code: code.code,
      businessName,
      discountType: code.discountType,
      discountValue: fromHundredths(code.discountValueHundredths),
      link: codeLink(ctx, code.businessId, code.code),
      target: storeApplyUrl(storeOf(code, platformsByBusiness.get(code.businessId) ?? []), code.code) ? 'store_applies' : 'shows_code',
    }));
}

/** What `/c/<businessId>/<code>` opens; null for anything that is not an active, unexpired code of that business. */
export async function landingOf(ctx: AppContext, rawBusinessId: string, rawCode: string): Promise<CodeLanding | null> {
  if (!/^[1-9][0-9]{0,9}$/.test(rawBusinessId) || Number(rawBusinessId) > MAX_ID) return null;
  const code = normaliseCode(rawCode);
  if (!code || code.length > MAX_CODE_LENGTH) return null;
  const found = await findCodeWithBusiness(ctx.db, Number(rawBusinessId), code);
  if (!found || invalidReason(found.code, null) !== null) return null;
  const store = storeOf(found.code, await listPlatforms(ctx.db, found.code.businessId));
  const url = storeApplyUrl(store, found.code.code);
  if (url) return { kind: 'redirect', url };
  return { kind: 'show', code: found.code.code, businessName: found.businessName, storeUrl: store?.storeOrigin ?? null };
}
