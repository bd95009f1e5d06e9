import { z } from 'zod';
import { errorBody } from '@shared/contracts/common';
import {
  trackDiscountBody, trackOrderBody, trackPageviewBody, trackResponse, trackUsageBody, trackUsageResponse, validateCodeResponse,
} from '@shared/contracts/discounts';
import { BIGCOMMERCE_SECRET_HEADER } from './webhooks-routes';

/** OpenAPI 3.1 description of the public store API and store webhooks, generated from the shared Zod contracts. */
export function buildOpenApiDocument() {
  const convert = (schema: z.ZodType, io: 'input' | 'output') => {
    // Embedded in an OpenAPI 3.1 document, whose dialect is already JSON Schema 2020-12.
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
    return rest;
  };
  const input = (schema: z.ZodType) => convert(schema, 'input');
  const output = (schema: z.ZodType) => convert(schema, 'output');
  const json = (schema: object) => ({ 'application/json': { schema } });
  const error = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/Error' }) });
  const common = {
    '401': error('Missing or invalid X-Api-Key'),
    '403': error('Inactive platform, another business, an origin the platform does not allow, the secret key sent by a browser, or the publishable key on track-usage'),
    '429': error('Rate limited; see Retry-After'),
  };
  const trackOperation = (summary: string, body: z.ZodType) => ({
    tags: ['Tracking'],
    summary,
    security: [{ ApiKey: [] }],
    requestBody: { required: true, content: json(input(body)) },
    description: 'Publishable key. Order reports from browsers are unverified signals: shown in the delivery log, never a commission, and overwritten by a signed webhook or a secret-key track-usage call for the same order.',
    responses: { '202': { description: 'Recorded as an unverified signal', content: json(output(trackResponse)) }, '400': error('Invalid payload'), ...common },
  });
  const webhook = (platform: string, description: string) => ({
    tags: ['Store webhooks'],
    summary: `${platform} order webhook`,
    description,
    parameters: [{ name: 'platformId', in: 'path', required: true, schema: { type: 'integer' } }],
    requestBody: { required: true, description: 'Up to 8 MiB', content: json({ type: 'object' }) },
    responses: {
      '200': {
        description:
          'Received. action: created (commission created), adjusted (commission followed a refund, cancellation or restore; a paid one gets an adjustment entry), ' +
          'recorded (order stored, no commission), duplicate (nothing changed), ignored (signed but unusable, with reason). Every delivery is in the delivery log.',
      },
      '401': error('Signature or secret does not match (the previous secret is accepted for 24 hours after a change); nothing was stored'),
      '503': error('BigCommerce API unreachable or failing: the store should retry'),
      '404': error('No integration platform of this type with that id'),
    },
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'HuntStaff public store API',
      version: '1.0.0',
      description:
        'Validate discount codes, record code usage and track storefront events. Each integration platform has two keys, shown once ' +
        'when you add it on /discount-codes, sent in the X-Api-Key header: the publishable key (page source: validate, page views, ' +
        'unverified order signals) and the secret key (your server only: track-usage, the only call that creates a commission besides ' +
        'signed webhooks). Orders are idempotent per order id. Of all codes on an order, the first one owned by a pro staffer with a ' +
        'rate earns one commission: rate x merchandise subtotal after discounts, before tax and shipping, in the order currency (ISO 4217 ' +
        'minor units; currencies are never added together). Refunds lower it proportionally; a paid commission gets an adjustment entry.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      schemas: { Error: output(errorBody) },
    },
    paths: {
      '/api/discount-codes/validate/{code}': {
        get: {
          tags: ['Discount codes'],
          summary: 'Check whether a discount code can be used',
          security: [{ ApiKey: [] }],
          parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' }, description: 'Case-insensitive' }],
          responses: { '200': { description: 'Validation result', content: json(output(validateCodeResponse)) }, ...common },
        },
      },
      '/api/discount-codes/track-usage': {
        post: {
          tags: ['Discount codes'],
          summary: 'Record that an order used a discount code',
          description:
            'Secret key only (403 with the publishable key or from a browser). orderValue is the merchandise subtotal after discounts, before tax and shipping, ' +
            'in currency (USD when omitted) with at most its ISO 4217 decimals. Unknown codes answer 404; inactive, expired or wrong-platform codes answer 400. Nothing is stored then.',
          security: [{ ApiKey: [] }],
          requestBody: { required: true, content: json(input(trackUsageBody)) },
          responses: {
            '201': { description: 'Recorded (with the commission created, if any)', content: json(output(trackUsageResponse)) },
            '200': { description: 'Already recorded: duplicate is true and nothing changed', content: json(output(trackUsageResponse)) },
            '400': error('Invalid payload, or the code is inactive, expired or not valid on this store'),
            '404': error('No such code for this business'),
            ...common,
          },
        },
      },
      '/api/track/pageview': { post: trackOperation('Track a storefront page view', trackPageviewBody) },
      '/api/track/discount': { post: trackOperation('Track an order that used a discount code', trackDiscountBody) },
      '/api/track/order': { post: trackOperation('Track an order', trackOrderBody) },
      '/api/webhooks/shopify/{platformId}': {
        post: webhook('Shopify', 'Topics orders/create, orders/paid, orders/updated, orders/cancelled, refunds/create. Codes from discount_codes and discount_applications; base subtotal_price; refunds from refund_line_items[].subtotal. Signed with X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the platform webhook secret).'),
      },
      '/api/webhooks/woocommerce/{platformId}': {
        post: webhook('WooCommerce', 'Topics order.created, order.updated (refunds[], statuses refunded/cancelled/failed), order.deleted, order.restored. Codes from coupon_lines; base the sum of line_items[].total. Signed with X-WC-Webhook-Signature (base64 HMAC-SHA256 of the raw body with the platform webhook secret). The unsigned ping is answered.'),
      },
      '/api/webhooks/bigcommerce/{platformId}': {
        post: webhook('BigCommerce', `Scopes store/order/created, store/order/updated, store/order/statusUpdated, store/order/refund/created. Send the platform webhook secret in the ${BIGCOMMERCE_SECRET_HEADER} header. With the platform's store hash and API token saved, the order (v2 /orders/{id}) and its coupons are fetched from BigCommerce; base subtotal_ex_tax less discount_amount and coupon_discount; refunded_amount is followed proportionally.`),
      },
    },
  };
}
