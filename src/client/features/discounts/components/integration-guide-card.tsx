import { Link } from 'react-router';
import { publicApiPaths } from '@shared/contracts/discounts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Button } from '@client/components/ui/button';

/** Spec: names the GET validation endpoint (code as path parameter) and the POST usage-tracking endpoint. */
export function IntegrationGuideCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integration Guide</CardTitle>
        <CardDescription>Connect your store so code use is tracked and pro staff commissions are created automatically.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <div>
          <p className="font-medium">Validate a code</p>
          <code className="block rounded bg-bark-100 px-2 py-1 font-mono text-xs">GET {publicApiPaths.validate}</code>
        </div>
        <div>
          <p className="font-medium">Track code usage</p>
          <code className="block rounded bg-bark-100 px-2 py-1 font-mono text-xs">POST {publicApiPaths.trackUsage}</code>
          <p className="mt-1 text-bark-700">Secret key, from your server only. Body: code, orderId, orderValue (merchandise after discounts, before tax and shipping), currency and customerEmail (optional). Each order counts once.</p>
        </div>
        <p className="text-bark-700">
          Every attributed order is checked for code abuse: the buyer’s email, phone or address matching the pro staffer’s own, a coupon-site referrer (Shopify landing and referring site, and the visits of Shopify’s customer journey where the store’s admin access is connected, WooCommerce order attribution, the browser signal’s referrer), a sudden burst of uses, a disposable email domain, and one buyer across several staffers’ codes. Only keyed hashes of normalised values are stored, for 180 days; your rules on the review screen say whether a flag only flags, holds the commission, or rejects it.
        </p>
        <p className="text-bark-700">Send a platform key in the <code className="font-mono">X-Api-Key</code> header: the publishable key in pages (its order reports are unverified signals), the secret key on your server. Signed store webhooks need no key.</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm"><a href={publicApiPaths.reference} target="_blank" rel="noreferrer">API Reference</a></Button>
          <Button asChild variant="outline" size="sm"><Link to="/store-integration">Store Setup Guide</Link></Button>
        </div>
      </CardContent>
    </Card>
  );
}
