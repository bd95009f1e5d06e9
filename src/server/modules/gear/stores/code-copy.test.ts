import { describe, expect, it } from 'vitest';
import { bigCommerceCopyBody, copyThenDisable, shopifyCopyInput, wooCopyBody } from './code-copy';
import { StoreRefusal, StoreUnavailable } from './types';

// What a rotated code's copy keeps on each platform, and the order the adapters follow (issue 43).

describe('copyThenDisable', () => {
  it('makes the copy, then disables the old code', async () => {
    const calls: string[] = [];
    const done = await copyThenDisable('old-1', async () => (calls.push('create'), 'new-2'), async (id) => void calls.push(`disable ${id}`));
    expect(done).toEqual({ oldExternalId: 'old-1', newExternalId: 'new-2' });
    expect(calls).toEqual(['create', 'disable old-1']);
  });

  it('a failed disable takes the copy down again and reports the failure', async () => {
    const disabled: string[] = [];
    const failure = new StoreUnavailable('down');
    const disable = async (id: string) => {
      disabled.push(id);
      if (id === 'old-1') throw failure;
    };
    await expect(copyThenDisable('old-1', async () => 'new-2', disable)).rejects.toBe(failure);
    expect(disabled).toEqual(['old-1', 'new-2']);
  });

  it('a refused copy disables nothing', async () => {
    const disabled: string[] = [];
    const refused = new StoreRefusal('invalid', 'taken');
    await expect(copyThenDisable('old-1', () => Promise.reject(refused), async (id) => void disabled.push(id))).rejects.toBe(refused);
    expect(disabled).toEqual([]);
  });
});

describe('shopifyCopyInput', () => {
  const now = new Date('2026-11-28T03:00:00Z');

  it('an amount off on some products for some customers, with a quantity minimum, starting now', () => {
    const input = shopifyCopyInput({
      __typename: 'DiscountCodeBasic', title: 'VIP', startsAt: '2026-01-01T00:00:00Z', endsAt: null, usageLimit: null, appliesOncePerCustomer: false,
      combinesWith: { orderDiscounts: true, productDiscounts: false, shippingDiscounts: false },
      minimumRequirement: { __typename: 'DiscountMinimumQuantity', greaterThanOrEqualToQuantity: '2' },
      customerGets: {
        value: { __typename: 'DiscountAmount', amount: { amount: '10.0' }, appliesOnEachItem: true },
        items: { __typename: 'DiscountProducts', products: { nodes: [{ id: 'gid://shopify/Product/1' }] }, productVariants: { nodes: [] } },
      },
      context: { __typename: 'DiscountCustomers', customers: [{ id: 'gid://shopify/Customer/9' }] },
    }, 'VIP-2K7Q', now);
    expect(input).toEqual({
      title: 'VIP', code: 'VIP-2K7Q', startsAt: '2026-11-28T03:00:00.000Z', endsAt: null, usageLimit: null, appliesOncePerCustomer: false,
      combinesWith: { orderDiscounts: true, productDiscounts: false, shippingDiscounts: false },
      minimumRequirement: { quantity: { greaterThanOrEqualToQuantity: '2' } },
      customerGets: { value: { discountAmount: { amount: '10.0', appliesOnEachItem: true } }, items: { products: { productsToAdd: ['gid://shopify/Product/1'], productVariantsToAdd: [] } } },
      context: { customers: { add: ['gid://shopify/Customer/9'] } },
    });
  });

  it('a code that starts later keeps its start; buy-X-get-Y and other kinds are refused', () => {
    const later = shopifyCopyInput({ __typename: 'DiscountCodeBasic', title: 'Spring', startsAt: '2027-03-01T00:00:00Z', customerGets: { value: { __typename: 'DiscountPercentage', percentage: 0.2 }, items: { __typename: 'AllDiscountItems', allItems: true } }, context: { __typename: 'DiscountBuyerSelectionAll', all: 'ALL' } }, 'SPRING-2', now);
    expect(later).toMatchObject({ startsAt: '2027-03-01T00:00:00Z', customerGets: { value: { percentage: 0.2 }, items: { all: true } }, context: { all: 'ALL' }, minimumRequirement: null });
    expect(() => shopifyCopyInput({ __typename: 'DiscountCodeBxgy' }, 'X', now)).toThrow(/Only amount-off codes/);
  });
});

describe('WooCommerce and BigCommerce copies', () => {
  it('WooCommerce keeps the terms and says which code it replaces; not the usage count, status or meta', () => {
    const body = wooCopyBody({ id: 1, code: 'old', status: 'publish', usage_count: 9, amount: '5.00', discount_type: 'fixed_cart', usage_limit: null, description: '', meta_data: [{ key: 'x', value: 'y' }] }, 'NEW', 'OLD');
    expect(body).toEqual({ amount: '5.00', discount_type: 'fixed_cart', code: 'NEW', description: '(replaces OLD)' });
  });

  it('BigCommerce names the copy after the old coupon and leaves out empty restrictions', () => {
    const body = bigCommerceCopyBody({ id: 3, name: 'Spring', code: 'OLD', type: 'per_total_discount', amount: '5.0000', expires: '', restricted_to: [], shipping_methods: null, applies_to: { entity: 'categories', ids: [0] }, num_uses: 4 }, 'NEW');
    expect(body).toEqual({ type: 'per_total_discount', amount: '5.0000', applies_to: { entity: 'categories', ids: [0] }, name: 'Spring (NEW)', code: 'NEW', enabled: true });
  });
});
