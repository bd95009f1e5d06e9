import { minorUnitDigits, normaliseCurrency, parseMinorUnits } from '@shared/currency';
import { StoreRefusal, StoreUnavailable, type GearOrderInput, type StoreRefusalReason } from './types';

/**
 * What the three store adapters share: one HTTP call with a timeout whose network trouble becomes StoreUnavailable,
 * JSON read without trusting it, and decimal prices turned into minor units (decision record 003).
 */

export const STORE_TIMEOUT_MS = 10_000;

/** What every adapter's options carry besides the store's address and credentials. */
export type StoreCallOptions = { timeoutMs?: number };

/** The title (Shopify) or description (WooCommerce) every HuntStaff code carries: the reference in it tells our code from one the business made by hand. */
export const proPricingTitle = (reference: string) => `HuntStaff pro pricing ${reference}`;

export type StoreResponse = { status: number; headers: Headers; text: string; body: unknown };

export type StoreRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
};

/** One call. A refused connection, a reset, a timeout or an unreadable answer throws StoreUnavailable (retried later). */
export async function storeFetch(platform: string, request: StoreRequest): Promise<StoreResponse> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: { Accept: 'application/json', ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...request.headers },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? STORE_TIMEOUT_MS),
      // Credentials never follow a redirect: a store that moved is told to the business instead.
      redirect: 'manual',
    });
    text = await response.text();
  } catch {
    throw new StoreUnavailable(`The ${platform} store could not be reached (${request.method} ${pathOf(request.url)}); the call will be retried`);
  }
  if (response.status >= 300 && response.status < 400) {
    const location = (response.headers.get('location') ?? '').slice(0, 200);
    throw new StoreRefusal('invalid', `The ${platform} store redirects ${pathOf(request.url)} to ${location || 'another address'}: connect it with its current address`);
  }
  return { status: response.status, headers: response.headers, text, body: jsonOf(text) };
}

/** The JSON in a text, not trusted: null when empty or unreadable. */
function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '?';
  }
}

/** 429 and 5xx may pass; 401 is a bad or revoked token; 403 a token without the permission. Null: not an HTTP-level failure. */
export function httpFailure(platform: string, status: number, what: string, detail?: string): StoreRefusal | StoreUnavailable | null {
  const suffix = detail ? `: ${detail.slice(0, 300)}` : '';
  if (status === 429 || status >= 500) return new StoreUnavailable(`The ${platform} store answered ${status} to ${what}; the call will be retried${suffix}`);
  if (status === 401) return new StoreRefusal('unauthorized', `The ${platform} store refused the credentials (401) for ${what}${suffix}`);
  if (status === 403) return new StoreRefusal('missing_scope', `The ${platform} credentials lack a permission ${what} needs (403)${suffix}`);
  if (status >= 400) return new StoreRefusal(status === 404 ? 'not_found' : 'invalid', `The ${platform} store refused ${what} (${status})${suffix}`);
  return null;
}

export function refusal(reason: StoreRefusalReason, message: string, details?: unknown): StoreRefusal {
  return new StoreRefusal(reason, message, details);
}

export type Json = Record<string, unknown>;
export const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown, max = 1000): string | null => (typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : null);
/** A positive integer id as text, from a JSON number (safe integers only) or digits. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? String(value) : null;
  if (typeof value === 'string' && /^[1-9]\d{0,29}$/.test(value.trim())) return value.trim();
  return null;
}
/** A whole count (inventory), or null when it is not one. Negative stock exists (oversold) and is kept. */
export function count(value: unknown): number | null {
  const n = typeof value === 'string' && /^-?\d{1,12}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && Math.abs(n) <= 2_000_000_000 ? n : null;
}

/**
 * A store's decimal price ("21.99", 21.99, "62.6793") in the currency's minor units. Extra decimals past the minor
 * unit (BigCommerce's four, a WooCommerce store set to show three) are rounded half up; null when unreadable.
 */
export function priceMinor(value: unknown, currency: string): number | null {
  const raw = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (raw === null) return null;
  const match = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(raw);
  if (!match) return null;
  const digits = minorUnitDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length <= digits) return parseMinorUnits(raw, currency);
  const truncated = parseMinorUnits(digits ? `${match[1]}.${fraction.slice(0, digits)}` : match[1], currency);
  if (truncated === null) return null;
  return fraction[digits] >= '5' ? truncated + 1 : truncated;
}

/** References are ours (`hs-gear-12`, `hs-pro-7`): letters, digits, `-` and `_`, so they are safe inside store search syntax. */
export function checkReference(reference: string): string {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(reference)) throw new StoreRefusal('invalid', `The reference ${JSON.stringify(reference.slice(0, 100))} is not a store-safe reference`);
  return reference;
}

/** "Jake Miller" -> { first: "Jake", last: "Miller" }; one word is the last name. */
export function splitName(name: string): { first: string; last: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first: '', last: words[0] ?? '' };
  return { first: words.slice(0, -1).join(' '), last: words[words.length - 1] };
}

/** After the HTTP-level refusals: anything but a 2xx answer is a store trouble, retried later. */
export function checkAnswered(platform: string, response: StoreResponse, what: string, detail?: string): void {
  const failure = httpFailure(platform, response.status, what, detail);
  if (failure) throw failure;
  if (response.status < 200 || response.status >= 300) throw new StoreUnavailable(`${platform} answered ${response.status} to ${what}`);
}

/** A page-numbered catalog cursor: null is the first page. */
export function pageOf(platform: string, cursor: string | null): number {
  const page = cursor === null ? 1 : Number(cursor);
  if (!Number.isSafeInteger(page) || page < 1) throw refusal('invalid', `The ${platform} catalog cursor ${JSON.stringify(cursor)} is not a page`);
  return page;
}

export function checkOrderCurrency(platform: string, orderCurrency: string, storeCurrency: string): void {
  if (normaliseCurrency(orderCurrency) !== storeCurrency) throw refusal('invalid', `The gear order is in ${orderCurrency}, the ${platform} store sells in ${storeCurrency}`);
}

export type WantedLine = { productId: string; variantId: string; quantity: number; title: string };

/** The order's lines checked for ids and quantities, the quantities of a repeated line (by `keyOf`) added up. */
export function wantedLines(input: GearOrderInput, keyOf: (productId: string, variantId: string) => string): WantedLine[] {
  if (input.lines.length === 0) throw refusal('invalid', 'A gear order needs at least one line');
  const wanted = new Map<string, WantedLine>();
  for (const line of input.lines) {
    const productId = idText(line.externalProductId);
    const variantId = idText(line.externalVariantId);
    if (!productId || !variantId || !Number.isSafeInteger(line.quantity) || line.quantity < 1) throw refusal('invalid', `The line ${line.title} is not a product, a variant and a quantity`);
    const key = keyOf(productId, variantId);
    const seen = wanted.get(key);
    wanted.set(key, { productId, variantId, title: line.title, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  return [...wanted.values()];
}

export function outOfStock(line: WantedLine, level: number | null): StoreRefusal | null {
  return level !== null && level < line.quantity ? refusal('out_of_stock', `${line.title} has ${level} in stock, ${line.quantity} asked`, { variantId: line.variantId, available: level }) : null;
}

export function checkPercentOff(percentOff: number): void {
  if (!Number.isInteger(percentOff) || percentOff < 1 || percentOff > 100) throw refusal('invalid', 'The percent off must be 1-100');
}

/** The coupon in a list answer whose code is `code`, compared without case. */
export function couponWithCode(list: unknown, code: string): Json | undefined {
  return arr(list).map(obj).find((c) => typeof c.code === 'string' && c.code.toLowerCase() === code.toLowerCase());
}

/** After the store said the code exists: ours (made by a call whose answer was lost), or refused as someone else's. */
export function codeAfterConflict(platform: string, code: string, ours: string | null, message: string): { externalId: string } {
  if (ours) return { externalId: ours };
  throw refusal('invalid', `${platform} refused the code ${code}: ${message}`);
}

/** The id of the coupon a store just made. */
export function createdCouponId(platform: string, body: unknown): { externalId: string } {
  const id = idText(obj(body).id);
  if (!id) throw new StoreUnavailable(`${platform} answered a coupon without an id`);
  return { externalId: id };
}
