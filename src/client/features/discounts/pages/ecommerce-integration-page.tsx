import { Link } from 'react-router';
import { BadgeDollarSign, Clock, Code2, ShieldCheck, ShoppingCart, Webhook, Zap } from 'lucide-react';
import { publicApiPaths } from '@shared/contracts/discounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Page } from '../../../components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CodeBlock } from '../components/code-block';
import { PersonalisationNotice } from '../components/personalisation-notice';
import {
  bigCommerceConfirmationSnippet, bigCommerceWebhookSnippet, nodeServerSnippet, shopifyPixelSnippet, trackUsageCurlSnippet,
  validateCurlSnippet, webhookUrl, webhookVerifySnippet, wooCommerceSnippet,
} from '../snippets';
import { useSnippetContext } from '../use-snippet-context';

const benefits = [
  { icon: BadgeDollarSign, title: 'Automatic commissions', text: 'Every order that uses a pro staffer’s code creates their commission, once, at the rate you set.' },
  { icon: Zap, title: 'Real-time code checks', text: 'Validate codes at checkout: inactive, expired and unknown codes are explained, not just refused.' },
  { icon: ShieldCheck, title: 'Signed webhooks', text: 'Store webhooks are verified with HMAC signatures; forged or replayed orders are ignored.' },
  { icon: ShoppingCart, title: 'Refund aware', text: 'Refunded or cancelled orders cancel the commission while it is still pending.' },
];

const platforms = [
  { id: 'shopify', name: 'Shopify', difficulty: 'Easy', time: '5-10 minutes', text: 'Order webhooks plus a customer-events pixel.' },
  { id: 'woocommerce', name: 'WooCommerce', difficulty: 'Medium', time: '15-20 minutes', text: 'Webhooks from WooCommerce settings and a small PHP hook.' },
  { id: 'custom', name: 'Custom API', difficulty: 'Advanced', time: '30-45 minutes', text: 'Magento, Squarespace or your own checkout, via our REST API.' },
  { id: 'bigcommerce', name: 'BigCommerce', difficulty: 'Easy', time: '10-15 minutes', text: 'Webhooks through the BigCommerce API plus Script Manager.' },
] as const;

const difficultyTone = { Easy: 'green', Medium: 'yellow', Advanced: 'orange' } as const;

function Steps({ steps }: { steps: React.ReactNode[] }) {
  return (
    <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-bark-900">
      {steps.map((step, index) => <li key={index}>{step}</li>)}
    </ol>
  );
}

export default function EcommerceIntegrationPage() {
  const setup = useSnippetContext();
  const c = setup.context;
  const shopifyWebhook = webhookUrl(c.origin, 'shopify', setup.platformIdFor('shopify'));
  const wooWebhook = webhookUrl(c.origin, 'woocommerce', setup.platformIdFor('woocommerce'));

  return (
    <Page title="E-commerce Integration" description="Connect your online store so discount codes are validated live and pro staff sales are credited automatically.">
      <section aria-labelledby="benefits" className="mb-10">
        <h2 id="benefits" className="sr-only">Benefits</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="h-6 w-6 text-forest-700" aria-hidden />
                <CardTitle className="text-base">{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="platforms" className="mb-10">
        <h2 id="platforms" className="mb-4 text-xl font-semibold">Supported platforms</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {platforms.map((platform) => (
            <Card key={platform.id} data-testid={`platform-${platform.id}`}>
              <CardHeader>
                <CardTitle className="text-base">{platform.name}</CardTitle>
                <div className="flex flex-wrap gap-2">
                  <Badge tone={difficultyTone[platform.difficulty]}>{platform.difficulty}</Badge>
                  <Badge tone="outline"><Clock className="mr-1 h-3 w-3" aria-hidden />{platform.time}</Badge>
                </div>
                <CardDescription>{platform.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="guides" className="mb-10">
        <h2 id="guides" className="mb-4 text-xl font-semibold">Step-by-step guides</h2>
        <PersonalisationNotice setup={setup} />
        <Tabs defaultValue="shopify" className="mt-4">
          <TabsList>
            {platforms.map((platform) => <TabsTrigger key={platform.id} value={platform.id}>{platform.name}</TabsTrigger>)}
          </TabsList>
          <TabsContent value="shopify" className="flex flex-col gap-4">
            <Steps
              steps={[
                <>On <Link className="underline" to="/discount-codes">Discount Codes</Link>, add a Shopify platform. Copy the API key shown once.</>,
                <>In Shopify admin, open Settings › Notifications › Webhooks and create webhooks for <em>Order creation</em>, <em>Order cancellation</em> and <em>Refund create</em> (JSON) to the URL below.</>,
                <>Shopify shows “Your webhooks will be signed with …”: paste that secret as the platform’s store signing secret when adding it.</>,
                <>Create each pro staffer’s code in Shopify (Discounts) and here with the same name, owner and commission rate.</>,
                <>Optional: add the customer-events pixel below for page views and live order tracking.</>,
              ]}
            />
            <CodeBlock label="Shopify webhook URL" language="Webhook URL" code={shopifyWebhook} />
            <CodeBlock label="Shopify customer events pixel" language="JavaScript" code={shopifyPixelSnippet(c)} />
          </TabsContent>
          <TabsContent value="woocommerce" className="flex flex-col gap-4">
            <Steps
              steps={[
                <>Add a WooCommerce platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>; keep the API key and webhook secret.</>,
                <>In WordPress, open WooCommerce › Settings › Advanced › Webhooks › Add webhook. Topic <em>Order created</em>, delivery URL below, secret = the platform’s webhook secret, API version v3.</>,
                <>Add a second webhook with topic <em>Order updated</em> so refunds and cancellations are seen.</>,
                <>Optional: add the PHP hook to record code use from your server on the thank-you page.</>,
              ]}
            />
            <CodeBlock label="WooCommerce webhook URL" language="Webhook URL" code={wooWebhook} />
            <CodeBlock label="WooCommerce PHP hook" language="PHP" code={wooCommerceSnippet(c)} />
          </TabsContent>
          <TabsContent value="custom" className="flex flex-col gap-4">
            <Steps
              steps={[
                <>Add a Custom (or Magento / Squarespace) platform and keep its API key on your server.</>,
                <>At checkout, validate the shopper’s code with the GET endpoint.</>,
                <>When the order is paid, POST it to the usage endpoint. Repeats of the same order id are safe.</>,
                <>Browse every field in the <a className="underline" href={publicApiPaths.docs} target="_blank" rel="noreferrer">OpenAPI document</a>.</>,
              ]}
            />
            <CodeBlock label="Validate a code" language="Shell" code={validateCurlSnippet(c)} />
            <CodeBlock label="Track code usage" language="Shell" code={trackUsageCurlSnippet(c)} />
            <CodeBlock label="Node.js server example" language="JavaScript" code={nodeServerSnippet(c)} />
          </TabsContent>
          <TabsContent value="bigcommerce" className="flex flex-col gap-4">
            <Steps
              steps={[
                <>Add a BigCommerce platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>; keep the API key and webhook secret.</>,
                <>Create the order webhooks with the BigCommerce API, sending the webhook secret in the <code className="font-mono">X-Webhook-Secret</code> header.</>,
                <>BigCommerce webhooks carry only the order id, so add the Script Manager snippet to the order confirmation page to report the code used.</>,
              ]}
            />
            <CodeBlock label="BigCommerce webhook setup" language="Shell" code={bigCommerceWebhookSnippet(c, setup.platformIdFor('bigcommerce'))} />
            <CodeBlock label="BigCommerce order confirmation script" language="HTML" code={bigCommerceConfirmationSnippet(c)} />
          </TabsContent>
        </Tabs>
      </section>

      <section className="mb-10 grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="API and webhook reference">
        <Card>
          <CardHeader>
            <Code2 className="h-6 w-6 text-forest-700" aria-hidden />
            <CardTitle>API</CardTitle>
            <CardDescription>JSON over HTTPS, authenticated with your platform’s key in the X-Api-Key header, rate limited per key.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-1 font-mono text-xs">
              <li>GET {publicApiPaths.validate}</li>
              <li>POST {publicApiPaths.trackUsage}</li>
              <li>POST {publicApiPaths.pageview}</li>
              <li>POST {publicApiPaths.discount}</li>
              <li>POST {publicApiPaths.order}</li>
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <Webhook className="h-6 w-6 text-forest-700" aria-hidden />
            <CardTitle>Webhooks</CardTitle>
            <CardDescription>Orders are counted once per order id. A bad signature is refused with 401 and nothing is stored.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ul className="flex flex-col gap-1 font-mono text-xs">
              <li>POST /api/webhooks/shopify/{'{platformId}'}</li>
              <li>POST /api/webhooks/woocommerce/{'{platformId}'}</li>
              <li>POST /api/webhooks/bigcommerce/{'{platformId}'}</li>
            </ul>
            <CodeBlock label="Signature check" language="JavaScript" code={webhookVerifySnippet()} />
          </CardContent>
        </Card>
      </section>

      <section className="flex flex-wrap justify-center gap-3" aria-label="More help">
        <Button asChild><a href={publicApiPaths.docs} target="_blank" rel="noreferrer">Open API Reference</a></Button>
        <Button asChild variant="outline"><Link to="/store-integration">View Examples</Link></Button>
        <Button asChild variant="outline"><a href="mailto:support@huntstaff.example.com?subject=Store%20integration">Contact Support</a></Button>
      </section>
    </Page>
  );
}
