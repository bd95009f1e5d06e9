import { Link } from 'react-router';
import { BadgeDollarSign, Clock, Code2, ShieldCheck, ShoppingCart, Webhook, Zap } from 'lucide-react';
import { publicApiPaths } from '@shared/contracts/discounts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, TitledCard } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { WebhooksGuide } from '@client/features/webhooks-out';
import { CodeBlock } from '../components/code-block';
import { PersonalisationNotice } from '../components/personalisation-notice';
import { MagentoGuide } from '../components/magento-guide';
import { squareGuideSteps } from '../components/square-guide';
import {
  bigCommerceConfirmationSnippet, bigCommerceWebhookSnippet, nodeServerSnippet, shopifyPixelSnippet, trackUsageCurlSnippet,
  validateCurlSnippet, webhookUrl, webhookVerifySnippet, wooCommerceSnippet,
} from '../snippets';
import { useSnippetContext } from '../use-snippet-context';

const benefits = [
  { icon: BadgeDollarSign, title: 'Automatic commissions', text: 'A signed store webhook (or your server with the secret key) turns an order with a pro staffer’s code into their commission, once, at the rate you set.' },
  { icon: Zap, title: 'Real-time code checks', text: 'Validate codes at checkout with the publishable key: inactive, expired and unknown codes are explained, not just refused.' },
  { icon: ShieldCheck, title: 'Nothing forgeable pays', text: 'Browser reports are unverified signals: they never pay and their amount is never a commission base. Webhooks are verified (HMAC or shared secret); a bad signature is refused.' },
  { icon: ShoppingCart, title: 'Refunds follow the order', text: 'Partial refunds lower the commission proportionally, full refunds, cancellations and deletions cancel it, restores bring it back. Once it is paid, or in a payout being processed, a negative adjustment (clawback) comes off the next payout instead.' },
];

const platforms = [
  { id: 'shopify', name: 'Shopify', difficulty: 'Easy', time: '5-10 minutes', text: 'Order webhooks plus a customer-events pixel.' },
  { id: 'woocommerce', name: 'WooCommerce', difficulty: 'Medium', time: '15-20 minutes', text: 'Webhooks from WooCommerce settings and a small PHP hook.' },
  { id: 'custom', name: 'Custom API', difficulty: 'Advanced', time: '30-45 minutes', text: 'Your own checkout, via our REST API.' },
  { id: 'bigcommerce', name: 'BigCommerce', difficulty: 'Easy', time: '10-15 minutes', text: 'Webhooks through the BigCommerce API plus Script Manager.' },
  { id: 'magento', name: 'Magento', difficulty: 'Easy', time: '10 minutes', text: 'An integration access token: we read new orders every few minutes; a webhook is optional.' },
  { id: 'square', name: 'Square', difficulty: 'Easy', time: '10-15 minutes', text: 'In-store sales: a webhook subscription and discounts created for your codes.' },
  { id: 'squarespace', name: 'Squarespace', difficulty: 'Easy', time: '5-10 minutes', text: 'An API key and one Subscribe button: Squarespace sends every order.' },
] as const;

const difficultyTone = { Easy: 'green', Medium: 'yellow', Advanced: 'orange' } as const;

function PlatformBadges({ difficulty, time }: { difficulty: keyof typeof difficultyTone; time: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Badge tone={difficultyTone[difficulty]}>{difficulty}</Badge>
      <Badge tone="outline"><Clock className="mr-1 h-3 w-3" aria-hidden />{time}</Badge>
    </div>
  );
}

/** One platform's guide: its numbered steps, then its code samples (the children). */
function GuideTab({ value, steps, children }: { value: string; steps: React.ReactNode[]; children: React.ReactNode }) {
  return (
    <TabsContent value={value} className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-bark-900">
        {steps.map((step, index) => <li key={index}>{step}</li>)}
      </ol>
      {children}
    </TabsContent>
  );
}

export default function EcommerceIntegrationPage() {
  const setup = useSnippetContext();
  const c = setup.context;
  const shopifyWebhook = webhookUrl(c.origin, 'shopify', setup.platformIdFor('shopify'));
  const wooWebhook = webhookUrl(c.origin, 'woocommerce', setup.platformIdFor('woocommerce'));
  const squareWebhook = `${c.origin}/api/webhooks/square/${setup.platformIdFor('square')}`;
  const squarespaceWebhook = webhookUrl(c.origin, 'squarespace', setup.platformIdFor('squarespace'));

  return (
    <Page title="E-commerce Integration" description="Connect your online store so discount codes are validated live and pro staff sales are credited automatically.">
      <section aria-labelledby="benefits" className="mb-10">
        <h2 id="benefits" className="sr-only">Benefits</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ icon: Icon, title, text }) => (
            <TitledCard key={title} leading={<Icon className="h-6 w-6 text-forest-700" aria-hidden />} title={title} titleClassName="text-base" description={text} />
          ))}
        </div>
      </section>

      <section aria-labelledby="platforms" className="mb-10">
        <h2 id="platforms" className="mb-4 text-xl font-semibold">Supported platforms</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {platforms.map((platform) => (
            <TitledCard
              key={platform.id}
              data-testid={`platform-${platform.id}`}
              title={platform.name}
              titleClassName="text-base"
              details={<PlatformBadges difficulty={platform.difficulty} time={platform.time} />}
              description={platform.text}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="rules" className="mb-10">
        <h2 id="rules" className="mb-4 text-xl font-semibold">How orders become commissions</h2>
        <Card>
          <CardContent className="pt-6">
            <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-bark-900">
              <li><strong>Two keys per platform.</strong> The publishable key is safe in page source: page views, code checks, and order reports that are <em>unverified signals</em> (listed in the delivery log, never paid). The secret key is for your server only: <code className="font-mono">POST {publicApiPaths.trackUsage}</code> with it records a payable order. Signed webhooks need no key.</li>
              <li><strong>Signed data wins.</strong> A signed webhook or secret-key call for an order overwrites what a browser reported about it; a browser report never changes a confirmed order. A browser’s amount is never used as the commission base, even when a signed delivery without an amount arrives later (BigCommerce without API credentials, for example): the delivery log then shows <em>Awaiting a verified amount</em> until your server with the secret key, the BigCommerce API or a later signed delivery gives the amount.</li>
              <li><strong>Every code is read</strong>, upper or lower case alike (Shopify discount codes and discount applications, WooCommerce coupon lines, BigCommerce coupons, Squarespace promo codes). When several codes match, the <em>first code on the order</em> that is active, not expired, valid on that store and owned by a pro staffer with a commission rate earns the whole commission; the other codes are recorded but earn nothing. One order, one commission.</li>
              <li><strong>Commission base:</strong> the merchandise subtotal after discounts, before tax and shipping (Shopify <code className="font-mono">subtotal_price</code>, WooCommerce the sum of line item totals, BigCommerce <code className="font-mono">subtotal_ex_tax</code> less discounts, Squarespace <code className="font-mono">subtotal</code> less <code className="font-mono">discountTotal</code>). The commission’s description states the base and the rate.</li>
              <li><strong>Currencies:</strong> each commission keeps the order’s currency, amounts are read with the currency’s decimals (JPY 0, USD 2, KWD 3), and totals are shown per currency: two currencies are never added.</li>
              <li><strong>Refunds:</strong> refunded merchandise is subtracted from the base (Shopify refund line subtotals; WooCommerce, BigCommerce and Squarespace refunds include tax and shipping, so their merchandise share is proportional). Fully refunded, cancelled or deleted orders cancel a pending commission (Shopify <code className="font-mono">orders/delete</code> and WooCommerce <code className="font-mono">order.deleted</code> send just <code className="font-mono">{'{"id": N}'}</code>); a restored order (WooCommerce <code className="font-mono">order.restored</code>) reinstates it. A commission already paid, or in a payout being processed, is never edited: a refund or cancellation becomes a negative adjustment (clawback) linked to it, netted off the pro staffer’s next payout.</li>
              <li><strong>Deliveries:</strong> a delivery with a bad signature is refused (401). A correctly signed delivery is answered 200 at once and processed in the background within seconds; if processing fails (for example BigCommerce’s API is down) it is retried for several hours. A signed delivery we cannot use is listed as <em>ignored</em> with the reason, so your store keeps the webhook. Bodies up to 8 MiB are accepted. Every delivery appears on the Integration Platforms tab with its order, codes and outcome.</li>
              <li><strong>Secrets:</strong> change or rotate a platform’s webhook signing secret at any time; the previous one is still accepted for 24 hours. New keys replace old ones at once. Deleting a platform keeps its orders, commissions and delivery log.</li>
            </ul>
          </CardContent>
        </Card>
      </section>

      <WebhooksGuide />

      <section aria-labelledby="guides" className="mb-10">
        <h2 id="guides" className="mb-4 text-xl font-semibold">Step-by-step guides</h2>
        <PersonalisationNotice setup={setup} />
        <Tabs defaultValue="shopify" className="mt-4">
          <TabsList>
            {platforms.map((platform) => <TabsTrigger key={platform.id} value={platform.id}>{platform.name}</TabsTrigger>)}
          </TabsList>
          <GuideTab
            value="shopify"
            steps={[
              <>On <Link className="underline" to="/discount-codes">Discount Codes</Link>, add a Shopify platform. Copy the publishable and secret keys shown once.</>,
              <>In Shopify admin, open Settings › Notifications › Webhooks and create webhooks for <em>Order creation</em>, <em>Order update</em>, <em>Order cancellation</em>, <em>Order deletion</em> (<code className="font-mono">orders/delete</code>) and <em>Refund create</em> (JSON) to the URL below.</>,
              <>Shopify shows “Your webhooks will be signed with …”: paste that secret as the platform’s store signing secret (when adding it, or later under the platform’s Settings).</>,
              <>Create each pro staffer’s code in Shopify (Discounts) and here with the same name, owner and commission rate. Codes match in any case.</>,
              <>Shopify POS sales arrive through the same webhooks and earn the same commission; the delivery log and commissions show them as POS with their location. Give the platform its Store URL so each pro staffer’s QR card opens your shop with their code applied.</>,
              <>Optional: add the customer-events pixel below (publishable key) for page views; its order reports are unverified signals, never a commission base: the webhooks are what pay.</>,
            ]}
          >
            <CodeBlock label="Shopify webhook URL" language="Webhook URL" code={shopifyWebhook} />
            <CodeBlock label="Shopify customer events pixel" language="JavaScript" code={shopifyPixelSnippet(c)} />
          </GuideTab>
          <GuideTab
            value="woocommerce"
            steps={[
              <>Add a WooCommerce platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>; keep the keys and the webhook secret.</>,
              <>In WordPress, open WooCommerce › Settings › Advanced › Webhooks › Add webhook. Topic <em>Order created</em>, delivery URL below, secret = the platform’s webhook secret, API version v3.</>,
              <>Add webhooks with topics <em>Order updated</em> (refunds, cancelled, failed and refunded statuses), <em>Order deleted</em> (a trashed or deleted order cancels) and <em>Order restored</em> so the commission follows the order.</>,
              <>Optional: the PHP hook records code use from your server with the secret key.</>,
            ]}
          >
            <CodeBlock label="WooCommerce webhook URL" language="Webhook URL" code={wooWebhook} />
            <CodeBlock label="WooCommerce PHP hook" language="PHP" code={wooCommerceSnippet(c)} />
          </GuideTab>
          <GuideTab
            value="custom"
            steps={[
              <>Add a Custom platform and keep its secret key on your server.</>,
              <>At checkout, validate the shopper’s code with the GET endpoint (publishable key).</>,
              <>When the order is paid, POST it to the usage endpoint with the secret key: merchandise subtotal after discounts, before tax and shipping, and its currency. Repeats of the same order id are safe.</>,
              <>Browse every field in the <a className="underline" href={publicApiPaths.docs} target="_blank" rel="noreferrer">OpenAPI document</a>.</>,
            ]}
          >
            <CodeBlock label="Validate a code" language="Shell" code={validateCurlSnippet(c)} />
            <CodeBlock label="Track code usage" language="Shell" code={trackUsageCurlSnippet(c)} />
            <CodeBlock label="Node.js server example" language="JavaScript" code={nodeServerSnippet(c)} />
          </GuideTab>
          <GuideTab
            value="bigcommerce"
            steps={[
              <>Add a BigCommerce platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>; keep the webhook secret.</>,
              <>Create an API account in BigCommerce with <em>Orders: read-only</em>, and save its store hash and access token under the platform’s Settings. The token is stored encrypted and never shown again.</>,
              <>Create the order webhooks with the BigCommerce API, sending the webhook secret in the <code className="font-mono">X-Webhook-Secret</code> header. BigCommerce webhooks carry only the order id: we fetch the order and its coupons from BigCommerce ourselves.</>,
              <>Optional: the Script Manager snippet reports orders from the confirmation page as unverified signals (publishable key). Their amount is never used: without the API token, an order waits for a verified amount from your server (secret key).</>,
            ]}
          >
            <CodeBlock label="BigCommerce webhook setup" language="Shell" code={bigCommerceWebhookSnippet(c, setup.platformIdFor('bigcommerce'))} />
            <CodeBlock label="BigCommerce order confirmation script" language="HTML" code={bigCommerceConfirmationSnippet(c)} />
          </GuideTab>
          <MagentoGuide origin={c.origin} platformId={setup.platformIdFor('magento')} />
          <GuideTab value="square" steps={squareGuideSteps()}>
            <CodeBlock label="Square notification URL" language="Webhook URL" code={squareWebhook} />
          </GuideTab>
          <GuideTab
            value="squarespace"
            steps={[
              <>Add a Squarespace platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>.</>,
              <>In Squarespace, open Settings › Developer Tools › Developer API Keys, generate a key and give it <em>Orders: Read</em> permission. Copy it: Squarespace shows it once.</>,
              <>Paste it as the platform’s <em>Squarespace API key</em> (on its card) and press <em>Save key</em>. It is stored encrypted and never shown again; we use it to read each order from Squarespace.</>,
              <>Press <em>Subscribe</em>. We ask Squarespace to send <code className="font-mono">order.create</code> and <code className="font-mono">order.update</code> notifications to the URL below and keep the signing secret Squarespace issues (every notification is checked against it). Pressing it again replaces the subscription. Squarespace’s documentation says only OAuth tokens may manage webhook subscriptions: if it refuses your API key, we say so, and a token with Orders access from a Squarespace extension works in its place.</>,
              <>Create each pro staffer’s code in Squarespace (Commerce › Discounts, promo code) and here with the same name and commission rate. Test-mode orders are ignored; a cancelled order cancels the commission and refunds lower it.</>,
            ]}
          >
            <CodeBlock label="Squarespace webhook URL" language="Webhook URL" code={squarespaceWebhook} />
          </GuideTab>
        </Tabs>
      </section>

      <section className="mb-10 grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="API and webhook reference">
        <TitledCard
          leading={<Code2 className="h-6 w-6 text-forest-700" aria-hidden />}
          title="API"
          description="JSON over HTTPS with a platform key in the X-Api-Key header, rate limited per key. Publishable key: validate, page view, discount and order signals. Secret key (server only): track-usage."
        >
          <ul className="flex flex-col gap-1 font-mono text-xs">
            <li>GET {publicApiPaths.validate}</li>
            <li>POST {publicApiPaths.trackUsage}</li>
            <li>POST {publicApiPaths.pageview}</li>
            <li>POST {publicApiPaths.discount}</li>
            <li>POST {publicApiPaths.order}</li>
          </ul>
        </TitledCard>
        <TitledCard
          leading={<Webhook className="h-6 w-6 text-forest-700" aria-hidden />}
          title="Webhooks"
          description="Orders are counted once per order id. A bad signature is refused with 401 and nothing is stored; a signed delivery is answered 200 as soon as it is queued, then processed in the background, and one we cannot use is logged as ignored with its reason."
          contentClassName="flex flex-col gap-3"
        >
          <ul className="flex flex-col gap-1 font-mono text-xs">
            <li>POST /api/webhooks/shopify/{'{platformId}'}</li>
            <li>POST /api/webhooks/woocommerce/{'{platformId}'}</li>
            <li>POST /api/webhooks/bigcommerce/{'{platformId}'}</li>
            <li>POST /api/webhooks/magento/{'{platformId}'}</li>
            <li>POST /api/webhooks/square/{'{platformId}'}</li>
            <li>POST /api/webhooks/squarespace/{'{platformId}'}</li>
          </ul>
          <CodeBlock label="Signature check" language="JavaScript" code={webhookVerifySnippet()} />
        </TitledCard>
      </section>

      <section className="flex flex-wrap justify-center gap-3" aria-label="More help">
        <Button asChild><a href={publicApiPaths.reference} target="_blank" rel="noreferrer">Open API Reference</a></Button>
        <Button asChild variant="outline"><Link to="/store-integration">View Examples</Link></Button>
        <Button asChild variant="outline"><Link to="/contact">Contact Support</Link></Button>
      </section>
    </Page>
  );
}
