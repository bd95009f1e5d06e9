import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeStripeSdk } from '@server/test/use-fake-stripe';

// The fake Stripe's transfer list (src/server/test/fake-stripe-transfers.ts) behaves as Stripe's for what
// reconciliation reads (decision record 037), through the real SDK.
const { fake, stripe } = useFakeStripeSdk();
beforeEach(() => {
  fake.connect.transfers.clear();
});

const caught = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected Stripe to refuse'); }, (error: unknown) => error as Stripe.errors.StripeError);
const make = (created: number, values: { transfer_group?: string } = {}) => fake.transferBehindTheApp({ amount: 100, currency: 'usd', created, ...values });

describe('GET /v1/transfers on the fake Stripe', () => {
  it('answers Stripe’s list shape, newest first, 10 by default', async () => {
    const made = Array.from({ length: 12 }, (_, n) => make(1_800_000_000 + n));
    const page = await stripe.transfers.list();
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/transfers' });
    expect(page.data.map((t) => t.id)).toEqual(made.slice(2).reverse().map((t) => t.id));
    expect(page.data[0]).toMatchObject({ object: 'transfer', amount: 100, amount_reversed: 0, reversed: false, currency: 'usd' });
  });

  it('pages with starting_after and ending_before; auto-pagination reads everything once', async () => {
    const made = Array.from({ length: 5 }, (_, n) => make(1_800_000_000 + n));
    const newestFirst = made.reverse().map((t) => t.id);
    const first = await stripe.transfers.list({ limit: 2 });
    expect([first.data.map((t) => t.id), first.has_more]).toEqual([newestFirst.slice(0, 2), true]);
    const last = await stripe.transfers.list({ limit: 2, starting_after: newestFirst[3] });
    expect([last.data.map((t) => t.id), last.has_more]).toEqual([newestFirst.slice(4), false]);
    const back = await stripe.transfers.list({ limit: 2, ending_before: newestFirst[3] });
    expect([back.data.map((t) => t.id), back.has_more]).toEqual([newestFirst.slice(1, 3), true]);
    const all: string[] = [];
    for await (const transfer of stripe.transfers.list({ limit: 2 })) all.push(transfer.id);
    expect(all).toEqual(newestFirst);
  });

  it('filters by created range and transfer_group', async () => {
    const [a, b, c] = [make(100), make(200, { transfer_group: 'payout_x' }), make(300, { transfer_group: 'payout_x' })];
    expect((await stripe.transfers.list({ created: { gte: 200, lt: 300 } })).data.map((t) => t.id)).toEqual([b.id]);
    expect((await stripe.transfers.list({ created: { gt: 100, lte: 300 } })).data.map((t) => t.id)).toEqual([c.id, b.id]);
    expect((await stripe.transfers.list({ created: 100 })).data.map((t) => t.id)).toEqual([a.id]);
    expect((await stripe.transfers.list({ transfer_group: 'payout_x' })).data.map((t) => t.id)).toEqual([c.id, b.id]);
  });

  it('refuses what Stripe refuses: unknown parameters, a limit outside 1–100, both cursors, a cursor that is no transfer', async () => {
    expect(await caught(stripe.transfers.list({ status: 'paid' } as never))).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'status' });
    expect(await caught(stripe.transfers.list({ created: { after: 1 } } as never))).toMatchObject({ code: 'parameter_unknown', param: 'created[after]' });
    expect(await caught(stripe.transfers.list({ limit: 101 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    expect(await caught(stripe.transfers.list({ limit: 0 }))).toMatchObject({ statusCode: 400, param: 'limit' });
    const t = make(100);
    expect(await caught(stripe.transfers.list({ starting_after: t.id, ending_before: t.id }))).toMatchObject({ statusCode: 400 });
    expect(await caught(stripe.transfers.list({ starting_after: 'tr_nope' }))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('a reversal behind the app’s back shows in the list as Stripe shows it', async () => {
    const t = make(100);
    const reversal = fake.reverseTransfer(t.id, 40);
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 40, transfer: t.id, currency: 'usd' });
    let [listed] = (await stripe.transfers.list()).data;
    expect(listed).toMatchObject({ amount: 100, amount_reversed: 40, reversed: false, reversals: { data: [expect.objectContaining({ id: reversal.id })] } });
    fake.reverseTransfer(t.id);
    [listed] = (await stripe.transfers.list()).data;
    expect(listed).toMatchObject({ amount_reversed: 100, reversed: true });
    expect(() => fake.reverseTransfer(t.id, 1)).toThrow('Cannot reverse');
  });
});
