import { startFakeStoreServer, type FakeAnswer, type FakeRequest, type FakeStoreServer } from './fake-store-server';

/**
 * A local Magento 2 REST API (`/rest/V1`) for the Magento attribution tests, answering as Magento's
 * Webapi and SearchCriteria do:
 * - an integration access token as `Authorization: Bearer`; missing or wrong answers 401
 *   `{"message": "The consumer isn't authorized to access %resources.", "parameters": {"resources": "Magento_Sales::actions_view"}}`;
 * - `searchCriteria[filter_groups][g][filters][f][field|value|condition_type]`: groups are ANDed, the filters of a
 *   group ORed; conditions eq, neq, gt, gteq, lt, lteq, in, nin (`in` takes a comma-separated list); an unknown
 *   condition is a 400 `{"message": "Invalid condition type"}`-like error;
 * - `searchCriteria[sortOrders][i][field|direction]`, `[pageSize]`, `[currentPage]`; the answer is
 *   `{items, search_criteria, total_count}` with the criteria echoed;
 * - a `currentPage` past the last page answers the LAST page again (Magento's collection clamps the page number), the
 *   trap a poller paging "until empty" falls into;
 * - `GET /V1/orders/{id}`: 404 `{"message": "The entity that was requested doesn't exist. Verify the entity and try again."}`.
 */
export const FAKE_MAGENTO_TOKEN = 'magento-integration-token-0123456789';

type Json = Record<string, unknown>;
export type FakeMagento = FakeStoreServer & {
  orders: Json[];
  creditMemos: Json[];
  /** Adds or replaces an order (by entity_id). */
  putOrder(order: Json): void;
};

type Filter = { field: string; value: string; condition: string };
const CONDITIONS = ['eq', 'neq', 'gt', 'gteq', 'lt', 'lteq', 'in', 'nin'];

const error = (status: number, message: string, parameters?: Json): FakeAnswer => ({ status, body: parameters ? { message, parameters } : { message } });

function compare(a: unknown, b: string): number {
  const left = String(a ?? '');
  if (left !== '' && !Number.isNaN(Number(left)) && !Number.isNaN(Number(b))) return Number(left) - Number(b);
  return left < b ? -1 : left > b ? 1 : 0;
}

function matches(record: Json, filter: Filter): boolean {
  const value = record[filter.field];
  const c = compare(value, filter.value);
  switch (filter.condition) {
    case 'eq': return c === 0;
    case 'neq': return c !== 0;
    case 'gt': return c > 0;
    case 'gteq': return c >= 0;
    case 'lt': return c < 0;
    case 'lteq': return c <= 0;
    case 'in': return filter.value.split(',').some((one) => compare(value, one.trim()) === 0);
    default: return !filter.value.split(',').some((one) => compare(value, one.trim()) === 0);
  }
}

/** searchCriteria from the bracketed query, or the 400 Magento answers. */
function criteriaOf(query: URLSearchParams): { groups: Filter[][]; sort: { field: string; direction: string }[]; pageSize: number | null; page: number } | FakeAnswer {
  const groups: Filter[][] = [];
  const sort: { field: string; direction: string }[] = [];
  for (const [key] of query) {
    let match = /^searchCriteria\[filter_groups\]\[(\d+)\]\[filters\]\[(\d+)\]\[field\]$/.exec(key);
    if (match) {
      const prefix = `searchCriteria[filter_groups][${match[1]}][filters][${match[2]}]`;
      const condition = query.get(`${prefix}[condition_type]`) ?? 'eq';
      if (!CONDITIONS.includes(condition)) return error(400, 'Invalid condition type');
      (groups[Number(match[1])] ??= []).push({ field: query.get(key) ?? '', value: query.get(`${prefix}[value]`) ?? '', condition });
      continue;
    }
    match = /^searchCriteria\[sortOrders\]\[(\d+)\]\[field\]$/.exec(key);
    if (match) sort[Number(match[1])] = { field: query.get(key) ?? '', direction: (query.get(`searchCriteria[sortOrders][${match[1]}][direction]`) ?? 'ASC').toUpperCase() };
  }
  const pageSizeText = query.get('searchCriteria[pageSize]');
  const pageText = query.get('searchCriteria[currentPage]');
  if ((pageSizeText !== null && !/^\d+$/.test(pageSizeText)) || (pageText !== null && !/^\d+$/.test(pageText))) {
    return error(400, 'The "%fieldType" value\'s type is invalid. The "%fieldName" value is expected.', { fieldType: 'int', fieldName: 'pageSize' });
  }
  return { groups: groups.filter(Boolean), sort: sort.filter(Boolean), pageSize: pageSizeText === null ? null : Number(pageSizeText), page: Math.max(1, Number(pageText ?? 1)) };
}

function search(records: Json[], query: URLSearchParams): FakeAnswer {
  const criteria = criteriaOf(query);
  if ('status' in criteria) return criteria;
  const found = records.filter((record) => criteria.groups.every((group) => group.some((filter) => matches(record, filter))));
  found.sort((a, b) => {
    for (const { field, direction } of criteria.sort) {
      const c = compare(a[field], String(b[field] ?? ''));
      if (c !== 0) return direction === 'DESC' ? -c : c;
    }
    return 0;
  });
  const size = criteria.pageSize || found.length || 1;
  const lastPage = Math.max(1, Math.ceil(found.length / size));
  // Magento clamps the page: past the end it answers the last page again.
  const page = Math.min(criteria.page, lastPage);
  return {
    status: 200,
    body: {
      items: found.slice((page - 1) * size, page * size),
      search_criteria: {
        filter_groups: criteria.groups.map((group) => ({ filters: group.map((f) => ({ field: f.field, value: f.value, condition_type: f.condition })) })),
        ...(criteria.sort.length ? { sort_orders: criteria.sort } : {}),
        ...(criteria.pageSize !== null ? { page_size: criteria.pageSize } : {}),
        current_page: criteria.page,
      },
      total_count: found.length,
    },
  };
}

export async function startFakeMagento(options: { token?: string; orders?: Json[]; creditMemos?: Json[] } = {}): Promise<FakeMagento> {
  const token = options.token ?? FAKE_MAGENTO_TOKEN;
  const orders: Json[] = [...(options.orders ?? [])];
  const creditMemos: Json[] = [...(options.creditMemos ?? [])];

  function handle(request: FakeRequest): FakeAnswer {
    if (request.headers.authorization !== `Bearer ${token}`) {
      return error(401, "The consumer isn't authorized to access %resources.", { resources: 'Magento_Sales::actions_view' });
    }
    if (request.method !== 'GET') return error(405, 'Request does not match any route.');
    if (request.path === '/rest/V1/orders') return search(orders, request.query);
    if (request.path === '/rest/V1/creditmemos') return search(creditMemos, request.query);
    const one = /^\/rest\/V1\/orders\/(\d+)$/.exec(request.path);
    if (one) {
      const order = orders.find((o) => String(o.entity_id) === one[1]);
      return order ? { status: 200, body: order } : error(404, "The entity that was requested doesn't exist. Verify the entity and try again.");
    }
    return error(404, 'Request does not match any route.');
  }

  const server = await startFakeStoreServer((request) => ({ label: `${request.method} ${request.path.replace(/^\/rest\/V1/, '')}`, answer: handle(request) }));
  return {
    ...server,
    orders,
    creditMemos,
    putOrder(order) {
      const at = orders.findIndex((o) => o.entity_id === order.entity_id);
      if (at >= 0) orders[at] = order;
      else orders.push(order);
    },
  };
}
