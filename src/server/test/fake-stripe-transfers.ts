import fs from 'node:fs';

/**
 * The fake Stripe's transfer read-back (decision record 037, payout reconciliation): `GET /v1/transfers` with Stripe's
 * list shape and paging, and test-side changes made at Stripe behind the app's back (a reversal, as
 * `POST /v1/transfers/{id}/reversals` makes one; a transfer the app never asked for). Kept apart from
 * fake-stripe-connect.ts, which creates the transfers these read. Test-only.
 */
type Json = Record<string, any>;
type Reply = { status: number; body: Json };

/** Top-level parameters of `GET /v1/transfers` (the SDK's TransferListParams). */
export const transferReadParams: Record<string, string[]> = {
  'GET /v1/transfers': ['created', 'destination', 'ending_before', 'expand', 'limit', 'starting_after', 'transfer_group'],
};

const invalid = (message: string, param?: string, code?: string): Reply => ({
  status: 400,
  body: {
    error: {
      type: 'invalid_request_error',
      message,
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      ...(param ? { param } : {}),
    },
  },
});
const now = () => Math.floor(Date.now() / 1000);
const integerText = (value: unknown) => typeof value === 'string' && /^-?\d+$/.test(value);

/** `created=<t>` or `created[gt|gte|lt|lte]=<t>`, as Stripe's list endpoints take a range. */
function createdFilter(value: unknown): { test: (created: number) => boolean } | Reply {
  if (value === undefined) return { test: () => true };
  if (typeof value === 'string') {
    if (!integerText(value)) return invalid(`Invalid integer: ${value}`, 'created', 'parameter_invalid_integer');
    return { test: (created) => created === Number(value) };
  }
  const bounds = value as Json;
  const checks: ((created: number) => boolean)[] = [];
  for (const [op, raw] of Object.entries(bounds)) {
    if (!['gt', 'gte', 'lt', 'lte'].includes(op)) return invalid(`Received unknown parameter: created[${op}]`, `created[${op}]`, 'parameter_unknown');
    if (!integerText(raw)) return invalid(`Invalid integer: ${String(raw)}`, `created[${op}]`, 'parameter_invalid_integer');
    const at = Number(raw);
    checks.push(op === 'gt' ? (c) => c > at : op === 'gte' ? (c) => c >= at : op === 'lt' ? (c) => c < at : (c) => c <= at);
  }
  return { test: (created) => checks.every((check) => check(created)) };
}

/**
 * `GET /v1/transfers`: newest first (`created` descending, the later-made first within a second), filtered by
 * `created`, `destination` and `transfer_group`, `limit` 1–100 (default 10), one of `starting_after` /
 * `ending_before` naming an object of the list; answers `{ object: 'list', data, has_more, url }`.
 */
export function listTransfers(transfers: Map<string, Json>, body: Json): Reply {
  const limit = body.limit === undefined ? '10' : body.limit;
  if (!integerText(limit)) return invalid(`Invalid integer: ${String(limit)}`, 'limit', 'parameter_invalid_integer');
  if (Number(limit) < 1) return invalid('This value must be greater than or equal to 1.', 'limit', 'parameter_invalid_integer');
  if (Number(limit) > 100) return invalid('This value must be less than or equal to 100.', 'limit', 'parameter_invalid_integer');
  if (body.starting_after !== undefined && body.ending_before !== undefined) {
    return invalid('You may only specify one of these parameters: ending_before, starting_after.', 'ending_before');
  }
  const created = createdFilter(body.created);
  if ('status' in created) return created;
  const made = [...transfers.values()];
  const all = made
    .map((transfer, order) => ({ transfer, order }))
    .filter(({ transfer }) => created.test(transfer.created))
    .filter(({ transfer }) => body.destination === undefined || transfer.destination === body.destination)
    .filter(({ transfer }) => body.transfer_group === undefined || transfer.transfer_group === body.transfer_group)
    .sort((a, b) => b.transfer.created - a.transfer.created || b.order - a.order)
    .map(({ transfer }) => transfer);
  let data: Json[];
  let hasMore: boolean;
  const cursor = (body.starting_after ?? body.ending_before) as string | undefined;
  const param = body.starting_after !== undefined ? 'starting_after' : 'ending_before';
  const at = cursor === undefined ? -1 : all.findIndex((transfer) => transfer.id === cursor);
  if (cursor !== undefined && at < 0) {
    if (!transfers.has(cursor)) return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such transfer: '${cursor}'`, code: 'resource_missing', param } } };
    return invalid(`The object '${cursor}' passed as ${param} is not part of this list.`, param);
  }
  if (body.ending_before !== undefined) {
    const before = all.slice(0, at);
    data = before.slice(-Number(limit));
    hasMore = before.length > data.length;
  } else {
    const after = all.slice(at + 1);
    data = after.slice(0, Number(limit));
    hasMore = after.length > data.length;
  }
  return { status: 200, body: { object: 'list', data: structuredClone(data), has_more: hasMore, url: '/v1/transfers' } };
}

/**
 * Reverses `amount` of a transfer (all of what is left by default) at Stripe, as `POST /v1/transfers/{id}/reversals`
 * does: a `transfer_reversal` is added to `reversals`, `amount_reversed` grows and `reversed` turns true once the
 * whole amount is back. The app is not told (Stripe would send `transfer.reversed`, which the app does not handle).
 */
export function reverseTransfer(transfers: Map<string, Json>, id: string, newId: (prefix: string) => string, amount?: number): Json {
  const transfer = transfers.get(id);
  if (!transfer) throw new Error(`No such transfer: '${id}'`);
  const left = transfer.amount - transfer.amount_reversed;
  const reversing = amount ?? left;
  if (!Number.isInteger(reversing) || reversing <= 0 || reversing > left) throw new Error(`Cannot reverse ${reversing} of ${left} left on ${id}`);
  const reversal = {
    id: newId('trr'), object: 'transfer_reversal', amount: reversing, balance_transaction: newId('txn'), created: now(), currency: transfer.currency,
    destination_payment_refund: newId('pyr'), metadata: {}, source_refund: null, transfer: id,
  };
  transfer.amount_reversed += reversing;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  transfer.reversals = { ...transfer.reversals, data: [reversal, ...transfer.reversals.data], total_count: transfer.reversals.data.length + 1 };
  return structuredClone(reversal);
}

const transferTemplate = (): Json =>
  JSON.parse(fs.readFileSync(new URL('../../../tests/fixtures/stripe/transfer.json', import.meta.url), 'utf8')) as Json;

/**
 * A transfer made at Stripe without the app (from the Dashboard, or by a payout run the app lost track of): Stripe's
 * transfer fixture with these values. `created` is in seconds (now by default).
 */
export function transferBehindTheApp(
  transfers: Map<string, Json>,
  newId: (prefix: string) => string,
  values: { amount: number; currency: string; destination?: string; metadata?: Record<string, string>; created?: number; transfer_group?: string | null },
): Json {
  const id = newId('tr');
  const transfer = {
    ...transferTemplate(), id, created: values.created ?? now(), amount: values.amount, currency: values.currency.toLowerCase(),
    destination: values.destination ?? newId('acct'), destination_payment: newId('py'), balance_transaction: newId('txn'),
    metadata: values.metadata ?? {}, transfer_group: values.transfer_group ?? null, reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
  };
  transfers.set(id, transfer);
  return structuredClone(transfer);
}
