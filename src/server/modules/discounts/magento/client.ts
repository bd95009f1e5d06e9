import type { Config } from '@server/config';
import { callStoreApi } from '../store-api';

/**
 * The Magento 2 / Adobe Commerce REST calls attribution makes, with an integration's access token (Bearer):
 *   GET /rest/V1/orders?searchCriteria…       -> { items: OrderInterface[], search_criteria, total_count }
 *   GET /rest/V1/orders/{id}                  -> OrderInterface (404 {message} when there is none)
 *   GET /rest/V1/creditmemos?searchCriteria…  -> { items: CreditmemoInterface[], search_criteria, total_count }
 * Network trouble, 5xx and 429 throw (store-api.ts), so the background task is retried with backoff and nothing moves meanwhile.
 */
export type MagentoCredentials = { baseUrl: string; accessToken: string };
type Json = Record<string, unknown>;
export type MagentoAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };
export type OrderPage = { items: Json[]; totalCount: number };

export const MAGENTO_PAGE_SIZE = 100;

/** The REST base: the store's address, or the local fake in tests (STORE_ADMIN_ORIGIN, refused in production). */
function restBase(config: Config, credentials: MagentoCredentials): string {
  return `${(config.storeAdminOrigin ?? credentials.baseUrl).replace(/\/$/, '')}/rest/V1`;
}

/** searchCriteria in the bracketed query form Magento's REST reads. */
function searchQuery(filters: { field: string; value: string; condition: string }[], sort: string[], page: number, pageSize: number): string {
  const query = new URLSearchParams();
  filters.forEach((filter, group) => {
    query.set(`searchCriteria[filter_groups][${group}][filters][0][field]`, filter.field);
    query.set(`searchCriteria[filter_groups][${group}][filters][0][value]`, filter.value);
    query.set(`searchCriteria[filter_groups][${group}][filters][0][condition_type]`, filter.condition);
  });
  sort.forEach((field, index) => {
    query.set(`searchCriteria[sortOrders][${index}][field]`, field);
    query.set(`searchCriteria[sortOrders][${index}][direction]`, 'ASC');
  });
  query.set('searchCriteria[pageSize]', String(pageSize));
  query.set('searchCriteria[currentPage]', String(page));
  return query.toString();
}

async function call(url: string, token: string, what: string): Promise<MagentoAnswer<unknown>> {
  // A GET is safe to send twice: once more at once (retryOnce), because a kept-alive connection the server closed while
  // idle (between pages, while the last one was applied) fails the first send with a reset.
  const answer = await callStoreApi({ platform: 'Magento', what, credential: 'access token', retryOnce: true, method: 'GET', url, headers: { Authorization: `Bearer ${token}` } });
  if (!answer.ok) return answer;
  if (answer.status !== 200) return { ok: false, reason: `Magento answered ${answer.status} for the ${what}` };
  return answer.body === null ? { ok: false, reason: `Magento answered ${what} that is not JSON` } : { ok: true, value: answer.body };
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

function searchResult(answer: MagentoAnswer<unknown>): MagentoAnswer<OrderPage> {
  if (!answer.ok) return answer;
  if (!isObject(answer.value) || !Array.isArray(answer.value.items)) return { ok: false, reason: 'Magento answered a search result without items' };
  const totalCount = Number(answer.value.total_count);
  return { ok: true, value: { items: answer.value.items.filter(isObject), totalCount: Number.isSafeInteger(totalCount) ? totalCount : 0 } };
}

/** Orders updated at or after `since`, oldest first (entity_id breaks ties), one page. */
export async function searchOrders(config: Config, credentials: MagentoCredentials, since: string, page: number, pageSize = MAGENTO_PAGE_SIZE): Promise<MagentoAnswer<OrderPage>> {
  const query = searchQuery([{ field: 'updated_at', value: since, condition: 'gteq' }], ['updated_at', 'entity_id'], page, pageSize);
  return searchResult(await call(`${restBase(config, credentials)}/orders?${query}`, credentials.accessToken, 'orders'));
}

export async function getOrder(config: Config, credentials: MagentoCredentials, orderId: string): Promise<MagentoAnswer<Json>> {
  const answer = await call(`${restBase(config, credentials)}/orders/${encodeURIComponent(orderId)}`, credentials.accessToken, 'order');
  if (!answer.ok) return answer;
  return isObject(answer.value) ? { ok: true, value: answer.value } : { ok: false, reason: 'Magento answered an order that is not an object' };
}

/** The credit memos of these orders (one call: order_id `in` the list); empty without asking when none is given. */
export async function creditMemosOf(config: Config, credentials: MagentoCredentials, orderIds: string[]): Promise<MagentoAnswer<Json[]>> {
  if (!orderIds.length) return { ok: true, value: [] };
  const query = searchQuery([{ field: 'order_id', value: orderIds.join(','), condition: 'in' }], ['entity_id'], 1, 1000);
  const answer = searchResult(await call(`${restBase(config, credentials)}/creditmemos?${query}`, credentials.accessToken, 'credit memos'));
  return answer.ok ? { ok: true, value: answer.value.items } : answer;
}
