// Copyable integration samples. They use the real endpoints of this deployment and, when a business is
// signed in, its real business id and platform ids.
import { publicApiPaths } from '@shared/contracts/discounts';

export type SnippetContext = {
  origin: string;
  businessId: number | string;
  /** Placeholder or hint for the key; the real key is only shown once, when the platform is added. */
  apiKey: string;
  webhookSecret: string;
};

export const API_KEY_PLACEHOLDER = 'YOUR_PUBLISHABLE_KEY';
/** Server snippets use the secret key: it alone can report payable orders (decision 012). */
export const SECRET_KEY_PLACEHOLDER = 'YOUR_SECRET_KEY';
export const WEBHOOK_SECRET_PLACEHOLDER = 'YOUR_WEBHOOK_SECRET';
export const BUSINESS_ID_PLACEHOLDER = 'YOUR_BUSINESS_ID';
export const PLATFORM_ID_PLACEHOLDER = '{platformId}';

const idLiteral = (id: number | string) => (typeof id === 'number' ? String(id) : `'${id}'`);

export function webhookUrl(origin: string, platformType: 'shopify' | 'woocommerce' | 'bigcommerce' | 'squarespace', platformId: number | string): string {
  return `${origin}/api/webhooks/${platformType}/${platformId}`;
}

export function trackingSnippet(c: SnippetContext): string {
  return `<!-- HuntStaff tracking: paste before </body> on every page -->
<script>
  (function () {
    var API = '${c.origin}';
    var API_KEY = '${c.apiKey}';
    var BUSINESS_ID = ${idLiteral(c.businessId)};
    function send(path, data) {
      var body = Object.assign({ businessId: BUSINESS_ID, timestamp: new Date().toISOString() }, data);
      return fetch(API + path, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY },
        body: JSON.stringify(body)
      }).catch(function () {});
    }
    window.HuntStaff = {
      trackDiscount: function (discountCode, orderId, orderValue, customerEmail) {
        return send('${publicApiPaths.discount}', { discountCode: discountCode, orderId: String(orderId), orderValue: orderValue, customerEmail: customerEmail || null });
      },
      trackOrder: function (orderId, orderValue) {
        return send('${publicApiPaths.order}', { orderId: String(orderId), orderValue: orderValue });
      }
    };
    send('${publicApiPaths.pageview}', { url: location.href, referrer: document.referrer || null });
  })();
</script>`;
}

export function shopifyPixelSnippet(c: SnippetContext): string {
  return `// Shopify admin > Settings > Customer events > Add custom pixel
const API = '${c.origin}';
const API_KEY = '${c.apiKey}';
const BUSINESS_ID = ${idLiteral(c.businessId)};

function send(path, data) {
  fetch(API + path, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': API_KEY },
    body: JSON.stringify({ businessId: BUSINESS_ID, timestamp: new Date().toISOString(), ...data }),
  });
}

analytics.subscribe('page_viewed', (event) => {
  send('${publicApiPaths.pageview}', { url: event.context.document.location.href, referrer: event.context.document.referrer || null });
});

analytics.subscribe('checkout_completed', (event) => {
  const checkout = event.data.checkout;
  const orderId = String(checkout.order.id);
  const code = checkout.discountApplications.find((d) => d.type === 'DISCOUNT_CODE')?.title;
  if (code) {
    send('${publicApiPaths.discount}', { discountCode: code, orderId, orderValue: checkout.totalPrice.amount, customerEmail: checkout.email });
  } else {
    send('${publicApiPaths.order}', { orderId, orderValue: checkout.totalPrice.amount });
  }
});`;
}

export function wooCommerceSnippet(c: SnippetContext): string {
  return `<?php
// WordPress: add to your theme's functions.php or a small plugin.
// Optional when the order webhooks are set up (they already credit the order). Runs on your server with the
// SECRET key, which must never reach the browser. Sends the merchandise subtotal after discounts, before tax and
// shipping, in the order's currency; the first code that belongs to a pro staffer is credited.
define('HUNTSTAFF_API', '${c.origin}');
define('HUNTSTAFF_SECRET_KEY', '${SECRET_KEY_PLACEHOLDER}');

add_action('woocommerce_thankyou', function ($order_id) {
    $order = wc_get_order($order_id);
    if (!$order) return;
    $merchandise = 0;
    foreach ($order->get_items() as $item) $merchandise += (float) $item->get_total();
    foreach ($order->get_coupon_codes() as $code) {
        wp_remote_post(HUNTSTAFF_API . '${publicApiPaths.trackUsage}', [
            'headers' => ['Content-Type' => 'application/json', 'X-Api-Key' => HUNTSTAFF_SECRET_KEY],
            'body'    => wp_json_encode([
                'code'          => $code,
                'orderId'       => (string) $order_id,
                'orderValue'    => wc_format_decimal($merchandise, wc_get_price_decimals()),
                'currency'      => $order->get_currency(),
                'customerEmail' => $order->get_billing_email(),
            ]),
            'timeout' => 5,
        ]);
        break; // one order, one commission
    }
});`;
}

export function bigCommerceWebhookSnippet(c: SnippetContext, platformId: number | string): string {
  const destination = webhookUrl(c.origin, 'bigcommerce', platformId);
  return `# Create the order webhooks with the BigCommerce API (store hash and access token from your API account).
# Save the same store hash and a token with Orders: read-only on the platform's Settings: we fetch each order and
# its coupons from BigCommerce ourselves; nothing depends on the shopper's browser.
for SCOPE in store/order/created store/order/updated store/order/statusUpdated store/order/refund/created; do
  curl -X POST "https://api.bigcommerce.com/stores/{store_hash}/v3/hooks" \\
    -H "X-Auth-Token: {access_token}" \\
    -H "Content-Type: application/json" \\
    -d '{
      "scope": "'"$SCOPE"'",
      "destination": "${destination}",
      "is_active": true,
      "headers": { "X-Webhook-Secret": "${c.webhookSecret}" }
    }'
done`;
}

export function bigCommerceConfirmationSnippet(c: SnippetContext): string {
  return `<!-- Optional. BigCommerce: Storefront > Script Manager > Create a script
     Location: Footer, Pages: Order confirmation, Category: Analytics.
     Uses the PUBLISHABLE key: the report is an unverified signal shown in the delivery log, never a commission. -->
<script>
  fetch('/api/storefront/orders/{{checkout.order.id}}', { credentials: 'same-origin' })
    .then(function (res) { return res.json(); })
    .then(function (order) {
      var coupon = (order.coupons || [])[0];
      var body = {
        businessId: ${idLiteral(c.businessId)},
        orderId: String(order.orderId),
        orderValue: order.orderAmount,
        timestamp: new Date().toISOString()
      };
      var path = coupon ? '${publicApiPaths.discount}' : '${publicApiPaths.order}';
      if (coupon) { body.discountCode = coupon.code; body.customerEmail = order.billingAddress && order.billingAddress.email; }
      return fetch('${c.origin}' + path, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': '${c.apiKey}' },
        body: JSON.stringify(body)
      });
    });
</script>`;
}

export function validateCurlSnippet(c: SnippetContext): string {
  return `curl "${c.origin}${publicApiPaths.validate.replace('{code}', 'ELK15')}" \\
  -H "X-Api-Key: ${c.apiKey}"

# => {"valid":true,"code":"ELK15","discountType":"percentage","discountValue":15,"expiresAt":null}
# Invalid codes answer {"valid":false,...,"reason":"not_found" | "inactive" | "expired" | "wrong_platform"}`;
}

export function trackUsageCurlSnippet(c: SnippetContext): string {
  return `# From your server only, with the SECRET key (the publishable key gets 403).
# orderValue: merchandise subtotal after discounts, before tax and shipping, in currency (ISO 4217; USD if omitted).
curl -X POST "${c.origin}${publicApiPaths.trackUsage}" \\
  -H "X-Api-Key: ${SECRET_KEY_PLACEHOLDER}" \\
  -H "Content-Type: application/json" \\
  -d '{"code":"ELK15","orderId":"1001","orderValue":"129.99","currency":"USD","customerEmail":"buyer@example.com"}'

# 201 on the first call for an order, 200 with "duplicate": true on any repeat.`;
}

export function nodeServerSnippet(c: SnippetContext): string {
  return `// Node 18+ on your store's server: check a code at checkout, record it when the order is paid.
const API = '${c.origin}';
// The secret key lives in your server's environment; never in a page.
const headers = { 'Content-Type': 'application/json', 'X-Api-Key': process.env.HUNTSTAFF_SECRET_KEY };

export async function checkCode(code) {
  const res = await fetch(\`\${API}${publicApiPaths.validate.replace('{code}', '')}\${encodeURIComponent(code)}\`, { headers });
  return res.json(); // { valid, discountType, discountValue, expiresAt, reason? }
}

export async function recordOrder(order) {
  const res = await fetch(\`\${API}${publicApiPaths.trackUsage}\`, {
    method: 'POST',
    headers,
    // orderValue: merchandise after discounts, before tax and shipping, as a decimal string in order.currency.
    body: JSON.stringify({ code: order.code, orderId: String(order.id), orderValue: order.subtotal, currency: order.currency, customerEmail: order.email }),
  });
  if (!res.ok && res.status !== 404) throw new Error(\`HuntStaff: \${res.status} \${await res.text()}\`);
}`;
}

export function webhookVerifySnippet(): string {
  return `// How we verify Shopify and WooCommerce webhooks (you can check your own the same way):
import crypto from 'node:crypto';

const expected = crypto.createHmac('sha256', WEBHOOK_SECRET).update(rawBody).digest('base64');
const valid = crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signatureHeader));`;
}
