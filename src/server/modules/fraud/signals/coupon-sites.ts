import { domainToASCII } from 'node:url';
import { cleanText } from './normalise';

/**
 * The deployment's starter list of coupon, deal and cashback-code sites (admins edit it; businesses add their own).
 * Sites whose business is publishing other people's codes: a referral from one of them means the code has leaked.
 * Deliberately not on it: general forums and social sites (reddit.com, facebook.com, youtube.com, hunting forums),
 * where staffers are supposed to share their codes; a business that sees leaks there adds the domain itself.
 */
export const STARTER_COUPON_SITES: readonly string[] = [
  // Coupon-code aggregators (US)
  'retailmenot.com', 'couponfollow.com', 'dealspotr.com', 'wethrift.com', 'knoji.com', 'couponbirds.com', 'savings.com',
  'offers.com', 'coupons.com', 'promocodes.com', 'couponcabin.com', 'couponchief.com', 'dontpayfull.com',
  'couponsherpa.com', 'dealcatcher.com', 'couponlawn.com', 'couponupto.com', 'simplycodes.com', 'promopro.com',
  'goodshop.com', 'hotdeals.com', 'couponbox.com', 'anycodes.com', 'tenereteam.com',
  // Deal sites and deal communities built around codes
  'slickdeals.net', 'dealnews.com', 'bradsdeals.com', 'groupon.com', 'redflagdeals.com', 'ozbargain.com.au',
  'hotukdeals.com', 'mydealz.de', 'dealabs.com',
  // Browser extensions and cashback portals that inject codes at checkout
  'joinhoney.com', 'capitaloneshopping.com', 'rakuten.com', 'ebates.com', 'befrugal.com', 'topcashback.com',
  'karmanow.com', 'swagbucks.com',
  // Outside the US
  'retailmenot.ca', 'vouchercodes.co.uk', 'myvouchercodes.co.uk', 'vouchercloud.com', 'latestdeals.co.uk',
];

/**
 * The host of a referrer URL or bare host, lower case, in ASCII (punycode), without `www.`; null for anything that is
 * not an http(s) URL or a dotted host name (a path like `/?ref=x`, `android-app://…`, `(direct)`).
 */
export function referrerDomain(value: string): string | null {
  const text = cleanText(value);
  if (!text || text.startsWith('/')) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let host: string;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = domainToASCII(url.hostname.replace(/\.$/, ''));
  } catch {
    return null;
  }
  if (!host || !host.includes('.') || host.startsWith('[')) return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** The listed domain the host is, or is under (`uk.retailmenot.com` → `retailmenot.com`), or null (any domain list). */
export function couponSiteOf(host: string, couponDomains: ReadonlySet<string>): string | null {
  const labels = host.split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    const candidate = labels.slice(start).join('.');
    if (couponDomains.has(candidate)) return candidate;
  }
  return null;
}
