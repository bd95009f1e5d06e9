import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { squarespaceOrder } from './order-reader';
import { squarespaceSignature, verifySquarespaceSignature } from './signature';
import { squarespaceOrderFixture } from '@server/test/squarespace-setup';
import { fixture } from '../../../../../tests/fixtures/sign';

// The pure reader of a Squarespace Order and the signature check (decision record 040).

describe('squarespaceOrder', () => {
  it('reads the docs’ order: promo codes, merchandise base, e-mail, time, units and channel', () => {
    expect(squarespaceOrder(squarespaceOrderFixture('JAKE10', { discountLines: [{ promoCode: 'JAKE10' }, { promoCode: '  ' }, { name: 'automatic' }] }))).toEqual({
      orderId: '585d498fdee9f31a60284a37', codes: ['JAKE10'], baseMinor: 9000, currency: 'USD', customerEmail: 'foo@example.com', status: 'placed', refunds: [],
      channel: 'online', placedAt: new Date('2016-12-23T15:58:07.187Z'), units: 2,
    });
    expect(squarespaceOrder(squarespaceOrderFixture(null, { channel: 'pos' }))).toMatchObject({ codes: [], channel: 'pos' });
  });

  it('ignores the docs’ own example, a test-mode order', () => {
    expect(squarespaceOrder(fixture('squarespace/order.json'))).toEqual({ ignored: 'A test-mode order (testmode: true) is not a sale', orderId: '585d498fdee9f31a60284a37', codes: ['HOLIDAY10'] });
  });

  it('follows refundedTotal as one running merchandise share, and reads a full refund as refunded', () => {
    const half = squarespaceOrder(squarespaceOrderFixture('JAKE10', { refundedTotal: { value: '52.60', currency: 'USD' } }));
    expect(half).toMatchObject({ status: 'placed', refunds: [{ key: 'squarespace:refundedTotal', amountMinor: 4500 }] });
    const full = squarespaceOrder(squarespaceOrderFixture('JAKE10', { refundedTotal: { value: '105.20', currency: 'USD' } }));
    expect(full).toMatchObject({ status: 'refunded', refunds: [{ amountMinor: 9000 }] });
    expect(squarespaceOrder(squarespaceOrderFixture('JAKE10', { fulfillmentStatus: 'CANCELED' }))).toMatchObject({ status: 'cancelled' });
  });

  it('keeps each currency’s minor unit and never mixes two currencies', () => {
    const yen = (value: string) => ({ value, currency: 'JPY' });
    expect(squarespaceOrder(squarespaceOrderFixture(null, { subtotal: yen('12000'), discountTotal: yen('1000'), grandTotal: yen('13000'), refundedTotal: yen('0') }))).toMatchObject({ currency: 'JPY', baseMinor: 11000 });
    expect(squarespaceOrder(squarespaceOrderFixture(null, { discountTotal: { value: '10.00', currency: 'EUR' } }))).toMatchObject({ ignored: 'The order amounts are not amounts in USD' });
  });

  it.each([
    ['a NUL byte in an amount', { subtotal: { value: '10\u0000', currency: 'USD' } }, 'The order amounts are not amounts in USD'],
    ['a huge amount', { subtotal: { value: '9'.repeat(400), currency: 'USD' } }, 'The order amounts are not amounts in USD'],
    ['a negative discount', { discountTotal: { value: '-5.00', currency: 'USD' } }, 'The order amounts are not amounts in USD'],
    ['a boolean amount', { subtotal: { value: true, currency: 'USD' } }, 'The order amounts are not amounts in USD'],
    ['no currency', { subtotal: { value: '10.00' } }, 'The order has no ISO 4217 currency on its subtotal'],
    ['a boolean id', { id: true }, 'The Squarespace order has no id'],
    ['an object id', { id: { $gt: '' } }, 'The Squarespace order has no id'],
  ])('ignores %s', (_name, extra, reason) => {
    expect(squarespaceOrder(squarespaceOrderFixture('JAKE10', extra))).toMatchObject({ ignored: reason });
  });

  it('does not let a discount push the base below zero, and reads absent units and times as unknown', () => {
    expect(squarespaceOrder(squarespaceOrderFixture(null, { discountTotal: { value: '500.00', currency: 'USD' }, lineItems: [{ quantity: 'many' }], createdOn: 'yesterday' }))).toMatchObject({
      baseMinor: 0, units: null, placedAt: null,
    });
  });
});

describe('Squarespace-Signature', () => {
  const secret = '4a3b2c1d'.repeat(8);
  it('is the hex HMAC-SHA256 keyed with the secret’s bytes (not its text)', () => {
    const body = Buffer.from('{"id":"1"}');
    const signature = squarespaceSignature(secret, body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySquarespaceSignature(secret, body, signature)).toBe(true);
    expect(verifySquarespaceSignature(secret, body, signature.toUpperCase())).toBe(true);
    // Keyed with the hex text itself, as a careless implementation would: refused.
    const withText = crypto.createHmac('sha256', secret).update(body).digest('hex');
    expect(verifySquarespaceSignature(secret, body, withText)).toBe(false);
    expect(verifySquarespaceSignature(secret, body, undefined)).toBe(false);
    expect(verifySquarespaceSignature('whsec_not_hex', body, squarespaceSignature('whsec_not_hex', body))).toBe(false);
  });
});
