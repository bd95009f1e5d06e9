import { Link } from 'react-router';

/** The Square steps of the integration guide (decision record 040): Square sales are in person, at the till. */
export function squareGuideSteps(): React.ReactNode[] {
  return [
    <>On <Link className="underline" to="/discount-codes">Discount Codes</Link>, add a <em>Square</em> platform. Its card shows the notification URL below with its own id.</>,
    <>In the <a className="underline" href="https://developer.squareup.com/apps" target="_blank" rel="noreferrer">Square Developer Dashboard</a>, create an application (or open yours). For your own seller account, copy its <em>Production</em> (or <em>Sandbox</em>) access token from Credentials; an OAuth token must have the permissions <code className="font-mono">ORDERS_READ</code>, <code className="font-mono">PAYMENTS_READ</code> and <code className="font-mono">ITEMS_WRITE</code> (the last one only for creating the discounts).</>,
    <>Under Webhooks › Subscriptions, add a subscription with the notification URL below, exactly as shown (Square signs the URL with the body, so a different address, even a trailing slash, is refused), and the events <code className="font-mono">order.created</code>, <code className="font-mono">order.updated</code>, <code className="font-mono">payment.created</code>, <code className="font-mono">payment.updated</code>, <code className="font-mono">refund.created</code> and <code className="font-mono">refund.updated</code>.</>,
    <>Copy the subscription’s <em>signature key</em>. On the Square platform’s card, save the access token, the signature key and the environment. Both are stored encrypted and never shown again; the platform’s own webhook signing secret is not used for Square.</>,
    <>Press <em>Create Square discounts</em> on the card: each active pro staffer code becomes a Square discount with the code as its name (percentage or fixed amount; give your locations’ currency for fixed amounts). A sale rung up with it credits the code even if the discount is renamed; a discount you made yourself counts when its name is the code.</>,
    <>Completed sales (and paid open orders) earn the commission on the items after discounts, before tax and tips; refunds and returns lower it, a cancelled order cancels it. Each sale is listed as an in-store (POS) sale with its Square location.</>,
  ];
}
