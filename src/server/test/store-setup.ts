import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { createBusiness, createProStaff } from './factories';

// What the order attribution tests share: a business with a connected store and Jake's code, and the rows to check.

export type StorePlatform = { id: number; apiKey: string; publishableKey: string; secretKey: string; webhookSecret: string };

/** A Professional business with a store platform of `platformType` and, when `code` is given, Jake's code at 10%. */
export async function businessWithStore(t: TestApp, platformType: string, code?: string) {
  const biz = await createBusiness(t, { tier: 'professional' });
  const jake = await createProStaff(t, { firstName: 'Jake', lastName: 'Morrison' });
  const res = await biz.client.post('/api/integration-platforms', { name: `My ${platformType} store`, platformType });
  expect(res.status).toBe(201);
  if (code) {
    const created = await biz.client.post('/api/discount-codes', {
      code, description: 'Jake', discountType: 'percentage', discountValue: 10, platform: 'All platforms', proStaffId: jake.proStaffId, commissionRate: 10,
    });
    expect(created.status).toBe(201);
  }
  return { biz, jake, platform: res.body as StorePlatform };
}

export type CommissionRow = { id: number; pro_staff_id: number; amount_cents: number; currency: string; status: string; source: string; order_id: string; adjusts_commission_id: number | null; description: string };
export type StoreOrderRow = { order_id: string; code: string | null; codes_seen: string[]; order_value_cents: number | null; currency: string | null; status: string; verified: boolean };

export const commissionsOf = (t: TestApp, businessId: number) =>
  t.database.query<CommissionRow>(
    `select id, pro_staff_id, amount_cents, currency, status, source, order_id, adjusts_commission_id, description from commissions where business_id = ${businessId} order by id`,
  );

export const ordersOf = (t: TestApp, businessId: number) =>
  t.database.query<StoreOrderRow>(`select order_id, code, codes_seen, order_value_cents, currency, status, verified from store_orders where business_id = ${businessId} order by id`);
