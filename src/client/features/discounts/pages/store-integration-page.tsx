import { Link } from 'react-router';
import { Activity, BarChart3, CalendarClock, History, KeyRound, RefreshCw, Store, Webhook, Code2, UserCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { TitledCard } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { CodeBlock } from '../components/code-block';
import { PersonalisationNotice } from '../components/personalisation-notice';
import { trackingSnippet, webhookUrl } from '../snippets';
import { useSnippetContext } from '../use-snippet-context';

const overview = [
  { icon: UserCheck, title: 'Set up your account', text: 'Create a business account and complete your profile to get your Business ID.' },
  { icon: KeyRound, title: 'Generate an API key', text: 'Add your store under Integration Platforms on the Discount Codes page. Copy both keys, shown once: the publishable key goes in your pages, the secret key stays on your server.' },
  { icon: Code2, title: 'Install the tracking code', text: 'Paste the tracking snippet (publishable key) into your store theme to record page views. Its order reports are unverified signals: they never pay, and their amount is never a commission base.' },
  { icon: Webhook, title: 'Configure webhooks', text: 'Point your store’s signed order webhooks at your webhook URL: they are what credits a pro staffer, and refunds follow the order.' },
];

const stores = [
  {
    id: 'shopify' as const,
    name: 'Shopify',
    steps: [
      'Online Store › Themes › Edit code › theme.liquid: paste the tracking snippet just before </body>.',
      'Settings › Notifications › Webhooks: create Order creation, Order update, Order cancellation, Order deletion (orders/delete) and Refund create webhooks (JSON) to the webhook URL.',
      'Copy the signing secret Shopify shows there into the platform’s store signing secret.',
      'Paying in gear: create a custom app (Settings › Apps › Develop apps) with the Admin API scopes read_products, read_inventory, read_orders, read_draft_orders, write_draft_orders, read_customers, write_customers, read_discounts and write_discounts, give its access token on Gear › Catalog & store, and add Fulfillment creation, Fulfillment update, Product creation/update/deletion and Inventory level update webhooks to the same URL.',
    ],
  },
  {
    id: 'woocommerce' as const,
    name: 'WooCommerce',
    steps: [
      'Appearance › Theme File Editor (or a header/footer plugin): paste the tracking snippet before </body>.',
      'WooCommerce › Settings › Advanced › Webhooks: add Order created, Order updated, Order deleted and Order restored webhooks to the webhook URL.',
      'Use the platform’s webhook secret as the webhook Secret.',
      'Paying in gear: create a REST API key with Read/Write permission (WooCommerce › Settings › Advanced › REST API), give it on Gear › Catalog & store, and add Product created, Product updated and Product deleted webhooks. Tracking numbers come from the Shipment Tracking extension’s custom links.',
    ],
  },
  {
    id: 'bigcommerce' as const,
    name: 'BigCommerce',
    steps: [
      'Storefront › Script Manager › Create a script: Footer, All pages, paste the tracking snippet.',
      'Save your store hash and an API token (Orders: read-only) under the platform’s Settings: we fetch each order and its coupons from BigCommerce.',
      'Create store/order/created, store/order/updated, store/order/statusUpdated and store/order/refund/created webhooks to the webhook URL with the header X-Webhook-Secret set to the platform’s webhook secret.',
      'Paying in gear: the API token also needs Products (read-only), Orders (modify), Marketing (modify) and Information & settings (read-only); add store/product/updated, store/product/deleted, store/product/inventory/updated and store/shipment/created webhooks. BigCommerce coupons cannot be limited to one customer, so a pro-pricing code there works for anyone who has it.',
    ],
  },
];

const testingTips = [
  'Place a test order with one of your codes and check the delivery log on the Integration Platforms tab: the order, the codes seen and “Commission created”.',
  'Send the same order again (or let the store retry): it is counted once, and no second commission is created.',
  'Refund part of the test order: the pending commission drops in proportion. Refund, cancel or delete all of it: the commission is cancelled, and restoring the order (WooCommerce Order restored) brings it back. A commission already paid, or in a payout being processed, is not changed: a negative adjustment (clawback) is added and netted off the pro staffer’s next payout.',
  'A signed delivery without an amount (BigCommerce without an API token, for example) shows “Awaiting a verified amount”: an amount a browser reported is never used as the commission base. Your server’s secret-key call, the BigCommerce API or a later signed delivery supplies it.',
  'A 401 from a webhook means the signature or secret does not match the platform’s webhook secret. A delivery marked “Ignored” was signed correctly but could not be used: the log says why.',
  'Validate a code from your terminal with the curl sample on the E-commerce Integration page.',
];

const cadence = [
  { icon: Activity, label: 'live', title: 'Code validation and page views', text: 'Checked and recorded as shoppers browse and check out.' },
  { icon: BarChart3, label: 'daily', title: 'Code performance', text: 'Uses and order value per code, updated with every order.' },
  { icon: RefreshCw, label: 'automatic', title: 'Commission creation', text: 'A pending commission for the code’s owner on each attributed order.' },
  { icon: History, label: 'historical', title: 'Order history', text: 'Every order kept, so totals include all past sales.' },
  { icon: CalendarClock, label: 'weekly', title: 'Pro staff review', text: 'Check paid commissions and rankings in your dashboard.' },
];

function StepMarker({ step, icon: Icon }: { step: number; icon: LucideIcon }) {
  return (
    <div className="flex items-center gap-2">
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-forest-700 text-sm font-bold text-white">{step}</span>
      <Icon className="h-5 w-5 text-forest-700" aria-hidden />
    </div>
  );
}

function CadenceMarker({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <div className="flex items-center justify-between">
      <Icon className="h-5 w-5 text-forest-700" aria-hidden />
      <Badge tone="green">{label}</Badge>
    </div>
  );
}

export default function StoreIntegrationPage() {
  const setup = useSnippetContext();
  const snippet = trackingSnippet(setup.context);

  return (
    <Page title="Store Integration Guide" description="Track discount codes, orders and pro staff commissions from your online store in four steps.">
      <section aria-labelledby="overview" className="mb-10">
        <h2 id="overview" className="sr-only">Overview</h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {overview.map(({ icon: Icon, title, text }, index) => (
            <li key={title}>
              <TitledCard className="h-full" leading={<StepMarker step={index + 1} icon={Icon} />} title={title} titleClassName="text-base" description={text} />
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="platform-guides" className="mb-10">
        <h2 id="platform-guides" className="mb-4 text-xl font-semibold">Platform setup</h2>
        <PersonalisationNotice setup={setup} />
        <Tabs defaultValue="shopify" className="mt-4">
          <TabsList>
            {stores.map((store) => <TabsTrigger key={store.id} value={store.id}>{store.name}</TabsTrigger>)}
          </TabsList>
          {stores.map((store) => (
            <TabsContent key={store.id} value={store.id} className="flex flex-col gap-4">
              <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
                {store.steps.map((step) => <li key={step}>{step}</li>)}
              </ol>
              <CodeBlock label={`${store.name} tracking snippet`} language="HTML" code={snippet} />
              <CodeBlock label={`${store.name} webhook URL`} language="Webhook URL" code={webhookUrl(setup.context.origin, store.id, setup.platformIdFor(store.id))} />
              {!setup.hasPlatform(store.id) && (
                <p className="text-sm text-bark-700">
                  <Store className="mr-1 inline h-4 w-4" aria-hidden />
                  Replace {'{platformId}'} by adding a {store.name} platform on <Link className="underline" to="/discount-codes">Discount Codes</Link>; its card shows the exact URL.
                </p>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </section>

      <section aria-labelledby="testing" className="mb-10">
        <TitledCard titleId="testing" title="Testing your integration">
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm">
            {testingTips.map((tip) => <li key={tip}>{tip}</li>)}
          </ul>
        </TitledCard>
      </section>

      <section aria-labelledby="analytics">
        <h2 id="analytics" className="mb-4 text-xl font-semibold">What you will see</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {cadence.map(({ icon: Icon, label, title, text }) => (
            <TitledCard key={label} leading={<CadenceMarker icon={Icon} label={label} />} title={title} titleClassName="text-base" description={text} />
          ))}
        </div>
      </section>
    </Page>
  );
}
