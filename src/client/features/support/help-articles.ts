/**
 * The Help Center (decision record 046): short answers drawn from the in-app guides, each pointing at the page that
 * explains or does the thing. Searched in the browser; the list is small and ships with the help page only.
 */
export type HelpArticle = { id: string; title: string; body: string; to: string; linkText: string; keywords: string };

export const helpArticles: HelpArticle[] = [
  {
    id: 'connect-store', title: 'Connect your store', to: '/ecommerce-integration', linkText: 'Open the integration guide',
    body: 'Shopify, WooCommerce, BigCommerce, Magento, Square, Squarespace or your own checkout: each platform has step-by-step instructions with the webhook address and signing secret to use.',
    keywords: 'shopify woocommerce bigcommerce magento square squarespace webhook api key integration store platform',
  },
  {
    id: 'store-examples', title: 'Store integration examples', to: '/store-integration', linkText: 'See the examples',
    body: 'Code samples for validating a discount code at checkout, tracking its use and sending orders from your own server.',
    keywords: 'code sample checkout validate track order api example developer',
  },
  {
    id: 'commissions', title: 'How commissions are made', to: '/ecommerce-integration', linkText: 'Read how orders become commissions',
    body: 'A signed order webhook with a pro staffer’s code creates their commission once, at the rate you set. Refunds lower or cancel it; after payment a clawback comes off the next payout.',
    keywords: 'commission refund clawback rate order code attribution',
  },
  {
    id: 'discount-codes', title: 'Discount codes for your pro staff', to: '/discount-codes', linkText: 'Manage discount codes',
    body: 'Create a code per pro staffer with its discount and commission rate; inactive, expired and unknown codes are explained at checkout.',
    keywords: 'discount code coupon percentage pro staff create',
  },
  {
    id: 'payouts', title: 'Paying your pro staff', to: '/earnings', linkText: 'Open earnings and payouts',
    body: 'Pro staff connect a payout account with Stripe; a business pays approved commissions with Pay now and both sides get statements.',
    keywords: 'payout pay now stripe connect statement earnings transfer',
  },
  {
    id: 'agreements', title: 'Pro staff agreements', to: '/agreements', linkText: 'Open agreements',
    body: 'Offer terms with dates, commission rate, duties and exclusivity; the pro staffer accepts, and changes are proposed and accepted the same way.',
    keywords: 'agreement contract offer accept exclusivity roster terms',
  },
  {
    id: 'plans', title: 'Plans and billing', to: '/subscription', linkText: 'Open your subscription',
    body: 'See your plan, its limits and what you have used; upgrade, change or cancel from the subscription page.',
    keywords: 'plan subscription billing upgrade downgrade cancel invoice price limit trial',
  },
  {
    id: 'coaching', title: 'One-on-one coaching (Elite)', to: '/coaching', linkText: 'Book a coaching session',
    body: 'Elite pro staff book a session with a topic and a few times that suit them; we confirm a time by email with a calendar invite, and move or cancel it the same way.',
    keywords: 'coaching session elite book calendar invite schedule',
  },
  {
    id: 'export-delete', title: 'Export or delete your data', to: '/profile', linkText: 'Go to your account settings',
    body: 'Download everything we hold about you as a ZIP archive, or schedule your account’s deletion; it is erased after 14 days unless you sign in again.',
    keywords: 'privacy export download data delete account erase gdpr',
  },
  {
    id: 'two-factor', title: 'Two-factor sign-in', to: '/profile', linkText: 'Turn on two-factor sign-in',
    body: 'Protect your account with codes from an authenticator app; keep the ten recovery codes somewhere safe.',
    keywords: 'security two-factor 2fa totp authenticator recovery code password',
  },
  {
    id: 'verify-email', title: 'Confirm your email address', to: '/profile', linkText: 'Open your profile',
    body: 'Until you open the link we email you, money, contracts, postings and messages to others are held back; the banner on every page can send the link again.',
    keywords: 'verify confirm email link resend unverified',
  },
  {
    id: 'contact', title: 'Still stuck? Contact us', to: '/contact', linkText: 'Write to support',
    body: 'Send us a message; it goes to our support team, who answer by email.',
    keywords: 'contact support help email question ticket',
  },
];

/** Articles matching every word of `query` (title, text or keywords), best (title) matches first; all for an empty query. */
export function searchHelp(query: string): HelpArticle[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return helpArticles;
  const text = (article: HelpArticle) => `${article.title} ${article.body} ${article.keywords}`.toLowerCase();
  return helpArticles
    .filter((article) => words.every((word) => text(article).includes(word)))
    .sort((a, b) => Number(words.some((w) => b.title.toLowerCase().includes(w))) - Number(words.some((w) => a.title.toLowerCase().includes(w))));
}
