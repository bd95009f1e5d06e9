import { randomBytes, createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { allotmentYear } from '@server/modules/gear/allotment';
import type { Database } from '../client';
import { campaignTasks } from '../schema/campaign-tasks';
import { campaigns } from '../schema/campaigns';
import { integrationPlatforms } from '../schema/discounts';
import {
  compensationEntries, gearMemberships, gearObligations, gearRequestItems, gearRequests, gearSettings, gearShipments, programTiers, proPricingCodes, storeProducts, storeVariants,
} from '../schema/gear';
import { businessProfiles, proStaffProfiles } from '../schema/profiles';
import { users } from '../schema/users';
import { DEMO_BUSINESS_EMAIL } from './demo-accounts';

const DAY = 24 * 60 * 60 * 1000;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

const CATALOG = [
  { title: 'Timberline Marsh Parka', tags: ['pro-staff', 'outerwear'], variants: [['M', 28_900, 6], ['L', 28_900, 2], ['XL', 28_900, 0]] },
  { title: 'Mallard Magnet Call', tags: ['pro-staff', 'calls'], variants: [['Mallard Magnet Call', 7_900, null]] },
  { title: 'Decoy Bag, 12-slot', tags: ['pro-staff'], variants: [['Decoy Bag, 12-slot', 6_500, 14]] },
  { title: 'Blind Bag', tags: ['pro-staff'], variants: [['Marsh camo', 11_900, 8], ['Timber camo', 11_900, 3]] },
  { title: 'Gift card', tags: [], variants: [['Gift card', 5_000, null]] },
] as const;

/**
 * Demo gear (decision record 038) for the demo business: three tiers (Field, Pro, Elite) with promotion rules, a
 * Shopify store without admin credentials (a demo cannot reach a store: approving says what is missing), a synced
 * catalog, and Sarah Whitfield in Pro with a pro-pricing code, a delivered shipment whose post is done, one on its way
 * with tracking, and a request waiting for approval; the gear value of both shipments is in the books.
 */
export async function seedDemoGear(tx: Database, now = new Date()): Promise<void> {
  const [business] = await tx.select({ id: businessProfiles.id, userId: users.id }).from(businessProfiles).innerJoin(users, eq(users.id, businessProfiles.userId)).where(eq(users.email, DEMO_BUSINESS_EMAIL));
  const [sarah] = await tx.select({ id: proStaffProfiles.id }).from(proStaffProfiles).innerJoin(users, eq(users.id, proStaffProfiles.userId)).where(eq(users.email, 'sarah.whitfield@example.com'));
  if (!business || !sarah) return;
  const [platform] = await tx.insert(integrationPlatforms).values({
    businessId: business.id, name: 'Timberline Shopify store (demo)', platformType: 'shopify',
    apiKeyHash: hash(randomBytes(32).toString('hex')), apiKeyLast4: 'demo', webhookSecret: randomBytes(24).toString('hex'),
  }).returning({ id: integrationPlatforms.id });

  const [field, pro, elite] = await tx.insert(programTiers).values([
    { businessId: business.id, position: 1, name: 'Field', commissionRateBps: 800, holdDays: 30, proPricingPercent: 20, allotmentMinor: 25_000, currency: 'USD', itemsPerYear: 4, renewsOn: '08-01' },
    { businessId: business.id, position: 2, name: 'Pro', commissionRateBps: 1200, holdDays: 30, proPricingPercent: 35, allotmentMinor: 60_000, currency: 'USD', itemsPerYear: 8, renewsOn: '08-01' },
    { businessId: business.id, position: 3, name: 'Elite', commissionRateBps: 1500, holdDays: 14, proPricingPercent: 45, allotmentMinor: 150_000, currency: 'USD', itemsPerYear: null, renewsOn: '08-01' },
  ]).returning({ id: programTiers.id });
  await tx.update(programTiers).set({ promoteToTierId: pro!.id, promoteMetric: 'approved_posts', promoteThreshold: 5 }).where(eq(programTiers.id, field!.id));
  await tx.update(programTiers).set({ promoteToTierId: elite!.id, promoteMetric: 'attributed_sales', promoteThreshold: 500_000 }).where(eq(programTiers.id, pro!.id));
  await tx.insert(gearMemberships).values({ businessId: business.id, proStaffId: sarah.id, tierId: pro!.id });

  const [postTask] = await tx
    .select({ id: campaignTasks.id })
    .from(campaignTasks)
    .innerJoin(campaigns, eq(campaigns.id, campaignTasks.campaignId))
    .where(and(eq(campaigns.businessId, business.id), eq(campaignTasks.kind, 'social_post')))
    .limit(1);
  await tx.insert(gearSettings).values({ businessId: business.id, platformId: platform!.id, seedableTags: ['pro-staff'], completeOrders: true, owedTaskId: postTask?.id ?? null, owedDueDays: postTask ? 14 : null, catalogSyncedAt: now });
  await tx.insert(proPricingCodes).values({ businessId: business.id, proStaffId: sarah.id, platformId: platform!.id, code: 'PRO-WHITFIELD-35TL', percentOff: 35, status: 'active', externalId: 'gid://shopify/DiscountCodeNode/demo' });

  const variants = new Map<string, { id: number; externalId: string; productExternalId: string; title: string; productTitle: string; price: number }>();
  for (const [p, product] of CATALOG.entries()) {
    const externalProduct = `gid://shopify/Product/${8_100 + p}`;
    const [row] = await tx.insert(storeProducts).values({ businessId: business.id, platformId: platform!.id, externalId: externalProduct, title: product.title, tags: [...product.tags], currency: 'USD' }).returning({ id: storeProducts.id });
    for (const [v, [title, price, inventory]] of product.variants.entries()) {
      const externalId = `gid://shopify/ProductVariant/${(8_100 + p) * 10 + v}`;
      const [variant] = await tx.insert(storeVariants).values({ productId: row!.id, externalId, title, priceMinor: price, inventory }).returning({ id: storeVariants.id });
      variants.set(`${product.title}|${title}`, { id: variant!.id, externalId, productExternalId: externalProduct, title, productTitle: product.title, price });
    }
  }

  const periodStart = allotmentYear('08-01', now.toISOString().slice(0, 10)).start;
  const address = { name: 'Sarah Whitfield', line1: '48 Marsh Lane', line2: null, city: 'Stuttgart', region: 'AR', postalCode: '72160', country: 'US', phone: null };
  const request = async (daysAgo: number, status: 'requested' | 'approved', lines: [string, number][], note: string) => {
    const at = new Date(now.getTime() - daysAgo * DAY);
    const [row] = await tx.insert(gearRequests).values({
      businessId: business.id, proStaffId: sarah.id, tierId: pro!.id, periodStart, currency: 'USD', status, shippingAddress: address, note,
      ...(status === 'approved' ? { decidedAt: new Date(at.getTime() + DAY), decidedByUserId: business.userId } : {}), createdAt: at, updatedAt: at,
    }).returning({ id: gearRequests.id });
    await tx.insert(gearRequestItems).values(lines.map(([key, quantity]) => {
      const variant = variants.get(key)!;
      return {
        requestId: row!.id, variantId: variant.id, externalProductId: variant.productExternalId, externalVariantId: variant.externalId, productTitle: variant.productTitle,
        variantTitle: variant.title, quantity, unitPriceMinor: variant.price,
      };
    }));
    return { id: row!.id, at, value: lines.reduce((sum, [key, quantity]) => sum + variants.get(key)!.price * quantity, 0) };
  };
  const shipment = async (made: { id: number; at: Date; value: number }, orderName: string, values: Partial<typeof gearShipments.$inferInsert>) => {
    const orderedAt = new Date(made.at.getTime() + DAY);
    const [row] = await tx.insert(gearShipments).values({
      requestId: made.id, businessId: business.id, proStaffId: sarah.id, platformId: platform!.id, externalOrderId: `gid://shopify/Order/${5_500_000 + made.id}`, orderName,
      carrier: 'UPS', createdAt: orderedAt, updatedAt: orderedAt, ...values,
    }).returning({ id: gearShipments.id });
    if (postTask) {
      const deliveredOn = values.deliveredAt ? new Date(values.deliveredAt.getTime() + 14 * DAY).toISOString().slice(0, 10) : null;
      await tx.insert(gearObligations).values({ shipmentId: row!.id, proStaffId: sarah.id, taskId: postTask.id, dueDays: 14, dueOn: deliveredOn, createdAt: orderedAt });
    }
    await tx.insert(compensationEntries).values({ businessId: business.id, proStaffId: sarah.id, currency: 'USD', kind: 'gear_seeded', amountMinor: made.value, shipmentId: row!.id, reason: `Gear request #${made.id}`, createdAt: orderedAt });
  };

  const delivered = await request(40, 'approved', [['Timberline Marsh Parka|M', 1], ['Mallard Magnet Call|Mallard Magnet Call', 1]], 'For the late-season teal hunts.');
  await shipment(delivered, '#1041', {
    status: 'delivered', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shippedAt: new Date(now.getTime() - 37 * DAY), deliveredAt: new Date(now.getTime() - 34 * DAY),
  });
  const onTheWay = await request(6, 'approved', [['Blind Bag|Marsh camo', 1]], '');
  await shipment(onTheWay, '#1077', {
    status: 'in_transit', trackingNumber: '1Z999AA10123456799', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456799', shippedAt: new Date(now.getTime() - 3 * DAY),
  });
  await request(1, 'requested', [['Decoy Bag, 12-slot|Decoy Bag, 12-slot', 1]], 'My old bag tore on the last hunt.');
}
