import { Link } from 'react-router';
import { storeWebhookPath } from '@shared/contracts/discounts';
import { TabsContent } from '@client/components/ui/tabs';
import { CodeBlock } from './code-block';

/** How often the server reads a Magento store's orders (MAGENTO_POLL_SECONDS on the server, decision record 040). */
const POLL_MINUTES = 5;

/** The Magento 2 / Adobe Commerce guide (issue 44): an integration's access token, the poll, and the optional webhook. */
export function MagentoGuide({ origin, platformId }: { origin: string; platformId: number | string }) {
  const steps = [
    <>On <Link className="underline" to="/discount-codes">Discount Codes</Link>, add a Magento platform; keep its webhook secret.</>,
    <>In the Magento admin, open <em>System › Extensions › Integrations</em> and choose <em>Add New Integration</em>. Name it HuntStaff and, under <em>API</em>, grant only the resources <em>Sales › Operations › Orders › Actions › View</em> and <em>Sales › Operations › Credit Memos</em> (reading orders and their refunds is all we do).</>,
    <>Save, then <em>Activate</em> the integration and <em>Allow</em>. Copy the <em>Access Token</em> Magento shows (not the consumer key or secret).</>,
    <>Under the platform’s Settings here, save the store’s https address (for example <code className="font-mono">https://shop.example.com</code>) and that access token. The token is stored encrypted and never shown again.</>,
    <>That is all: every {POLL_MINUTES} minutes we read the orders updated since the last read (<code className="font-mono">GET /rest/V1/orders</code>, oldest first), credit the pro staffer whose code is in <code className="font-mono">coupon_code</code>, and follow credit memos and cancellations. Each order counts once, however often it is read.</>,
    <>Optional, faster: an Adobe Commerce webhook (Adobe Commerce’s Webhooks module, for example on <code className="font-mono">observer.sales_order_save_after</code>) to the URL below, with a custom header <code className="font-mono">X-Webhook-Secret</code> set to the platform’s webhook secret. The webhook only tells us which order changed; we fetch that order from your store. We check that header, not Adobe’s own RSA signature.</>,
  ];
  return (
    <TabsContent value="magento" className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-bark-900">
        {steps.map((step, index) => <li key={index}>{step}</li>)}
      </ol>
      <p className="text-sm text-bark-700">
        Commission base: <code className="font-mono">base_subtotal</code> plus <code className="font-mono">base_discount_amount</code> (merchandise after discounts, before tax and shipping) in the store’s base currency. A credit memo’s merchandise is subtracted; a canceled order cancels the commission and a closed (fully refunded) one as well.
      </p>
      <CodeBlock label="Magento webhook URL" language="Webhook URL" code={`${origin}${storeWebhookPath('magento', platformId)}`} />
    </TabsContent>
  );
}
