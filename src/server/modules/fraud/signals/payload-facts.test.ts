import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigCommerceRiskFacts, emptyFacts, shopifyJourneyReferrers, shopifyRiskFacts, wooCommerceRiskFacts } from './payload-facts';

const fixtures = path.resolve(__dirname, '../../../../../tests/fixtures');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(fixtures, file), 'utf8')) as Record<string, unknown>;

describe('Shopify order webhook (published sample)', () => {
  it('reads the buyer, addresses, IP and referrers of order 450789469', () => {
    const facts = shopifyRiskFacts(read('shopify/published/order-450789469.json').order);
    expect(facts).toMatchObject({
      customerEmail: 'bob.norman@mail.example.com',
      customerPhone: '+557734881234',
      shippingAddress: { name: 'Bob Norman', line1: 'Chestnut Street 92', city: 'Louisville', region: 'KY', postalCode: '40202', country: 'US' },
      browserIp: '0.0.0.0',
      cardFingerprint: null,
      referrers: ['http://www.otherexample.com', 'http://www.example.com?source=abc'],
      // The 2025-07 sample's customer has no orders_count.
      newCustomer: null,
    });
    expect(facts.billingAddress?.line1).toBe('Chestnut Street 92');
  });
  it('falls back to contact_email, customer and address phones, client_details.browser_ip', () => {
    const order = read('shopify/published/order-450789469.json').order as Record<string, unknown>;
    const facts = shopifyRiskFacts({ ...order, email: '', phone: null, browser_ip: null, customer: { email: 'c@example.com', phone: null }, client_details: { browser_ip: '203.0.113.5' } });
    expect(facts).toMatchObject({ customerEmail: 'bob.norman@mail.example.com', customerPhone: '+1(502)-459-2181', browserIp: '203.0.113.5' });
  });
  it('reads the coupon-site referrer, utm_source and orders_count of the modified copy', () => {
    const facts = shopifyRiskFacts(read('fraud/shopify-order-450789469-coupon-referrer.json'));
    expect(facts.referrers).toEqual(['https://www.couponfollow.com/site/example-store.com', '/discounts/TENOFF?utm_source=couponfollow.com', 'couponfollow.com']);
    expect(facts.newCustomer).toBe(true);
  });
  it('reads nothing from the sample without a buyer (order 1073459976) and from junk', () => {
    expect(shopifyRiskFacts(read('shopify/published/order-1073459976.json').order)).toEqual(emptyFacts());
    for (const junk of [null, 'order', 42, [], { email: 7, shipping_address: 'x', customer: [] }]) expect(shopifyRiskFacts(junk)).toEqual(emptyFacts());
  });
});

describe('WooCommerce order (published sample)', () => {
  it('reads billing email and phone, both addresses and a guest of order 727', () => {
    const facts = wooCommerceRiskFacts(read('woocommerce/published/order-727.json'));
    expect(facts).toMatchObject({
      customerEmail: 'john.doe@example.com',
      customerPhone: '(555) 555-5555',
      shippingAddress: { name: 'John Doe', line1: '969 Market', city: 'San Francisco', region: 'CA', postalCode: '94103', country: 'US' },
      billingAddress: { line1: '969 Market' },
      browserIp: null,
      referrers: [],
      newCustomer: true,
    });
  });
  it('reads the order attribution meta and the IP of the modified copy', () => {
    const facts = wooCommerceRiskFacts(read('fraud/woocommerce-order-727-attribution.json'));
    expect(facts.browserIp).toBe('203.0.113.77');
    expect(facts.referrers).toEqual(['https://www.retailmenot.com/view/example-store.com', 'retailmenot.com', 'retailmenot.com']);
  });
  it('counts an account holder as unknown, not new', () => {
    expect(wooCommerceRiskFacts({ ...read('woocommerce/published/order-727.json'), customer_id: 12 }).newCustomer).toBeNull();
  });
});

describe('BigCommerce v2 order (published sample)', () => {
  it('reads the billing address, email and phone of order 218 (a registered customer, no IP)', () => {
    const facts = bigCommerceRiskFacts(read('bigcommerce/published/order-218.json'));
    expect(facts).toMatchObject({
      customerEmail: 'janedoe@example.com',
      customerPhone: '1234567890',
      billingAddress: { name: 'Jane Doe', line1: '555 East Street', city: 'Austin', postalCode: '78108', country: 'US' },
      shippingAddress: null,
      browserIp: null,
      referrers: [],
      newCustomer: null,
    });
  });
  it('reads the IPv6 address and a fetched shipping address', () => {
    const order = { ...read('bigcommerce/published/order-218.json'), ip_address: '', ip_address_v6: '2001:db8::7', customer_id: 0 };
    const facts = bigCommerceRiskFacts(order, [{ street_1: '12 Oak St', zip: '59801', country_iso2: 'US', city: 'Missoula' }]);
    expect(facts).toMatchObject({ browserIp: '2001:db8::7', newCustomer: true, shippingAddress: { line1: '12 Oak St', postalCode: '59801' } });
  });
});

describe('Shopify customerJourneySummary (GraphQL Admin 2025-10)', () => {
  const summary = () => read('fraud/shopify-customer-journey-summary.json');
  const visit = (fields: Record<string, unknown>) => ({ landingPage: null, referrerUrl: null, source: 'direct', utmParameters: null, ...fields });

  it('reads the referrer, the source domain, the utm source and the landing page’s utm_source of the first visit', () => {
    expect(shopifyJourneyReferrers(summary())).toEqual(['https://couponfollow.com/site/hunt-co.com', 'couponfollow.com', 'couponfollow.com', 'couponfollow.com']);
  });
  it('reads each field on its own, of the first and of the last visit', () => {
    expect(shopifyJourneyReferrers({ ready: true, firstVisit: null, lastVisit: visit({ referrerUrl: 'https://www.retailmenot.com/view/hunt-co.com' }) })).toEqual(['https://www.retailmenot.com/view/hunt-co.com']);
    expect(shopifyJourneyReferrers({ ready: true, firstVisit: visit({ source: 'slickdeals.net' }), lastVisit: null })).toEqual(['slickdeals.net']);
    expect(shopifyJourneyReferrers({ ready: true, firstVisit: visit({ utmParameters: { source: 'dealspotr.com', medium: null, campaign: null } }), lastVisit: null })).toEqual(['dealspotr.com']);
    expect(shopifyJourneyReferrers({ ready: true, firstVisit: visit({ landingPage: 'https://hunt-co.myshopify.com/?ref=knoji.com' }), lastVisit: null })).toEqual(['knoji.com']);
  });
  it('leaves out sources that name no site (a platform, direct, email) and a landing page without a site in its parameters', () => {
    const plain = visit({ source: 'Google', landingPage: 'https://hunt-co.myshopify.com/products/elk-call?utm_source=newsletter', utmParameters: { source: 'facebook', medium: 'social', campaign: 'rut' } });
    expect(shopifyJourneyReferrers({ ready: true, firstVisit: plain, lastVisit: visit({ source: 'email' }) })).toEqual([]);
  });
  it('reads nothing from a summary Shopify is still attributing (not ready: visits null) or from anything that is not one', () => {
    expect(shopifyJourneyReferrers({ ready: false, momentsCount: null, firstVisit: null, lastVisit: null })).toEqual([]);
    for (const junk of [null, undefined, 'x', 7, [], { firstVisit: 'https://couponfollow.com' }, { firstVisit: { referrerUrl: 42, source: null, utmParameters: 'couponfollow.com' } }]) {
      expect(shopifyJourneyReferrers(junk)).toEqual([]);
    }
  });
});
