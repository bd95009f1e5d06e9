import { BigCommerceAdmin } from './bigcommerce';
import { ShopifyAdmin } from './shopify';
import { StoreRefusal, type StoreAdmin, type StoreCredentials } from './types';
import { WooCommerceAdmin } from './woocommerce';

export * from './types';
export { BigCommerceAdmin } from './bigcommerce';
export { ShopifyAdmin, SHOPIFY_API_VERSION } from './shopify';
export { WooCommerceAdmin } from './woocommerce';
export { parseCatalogUpdate, parseFulfilment } from './webhooks';

export type StoreAdminOptions = {
  /** config.bigcommerceApiUrl: `https://api.bigcommerce.com` in production. */
  bigcommerceApiUrl: string;
  /** Tests only: where the Shopify Admin API answers instead of `https://<shopDomain>`. */
  shopifyOrigin?: string;
  /** Tests only: accept an `http://` WooCommerce site (a local fake). Production sends the key pair over https alone. */
  allowHttp?: boolean;
  /** Per call; 10 s like the discounts module's BigCommerce client. */
  timeoutMs?: number;
};

/**
 * The store admin for a business's connected store. Production always speaks https to the platform's own host:
 * Shopify at the shop's `*.myshopify.com` domain, WooCommerce at the site's https address (HTTP Basic is only safe
 * over TLS, and WooCommerce itself refuses it over plain http), BigCommerce at its API host.
 */
export function storeAdminFor(credentials: StoreCredentials, options: StoreAdminOptions): StoreAdmin {
  const timeoutMs = options.timeoutMs;
  switch (credentials.platform) {
    case 'shopify': {
      const shopDomain = credentials.shopDomain.trim().toLowerCase();
      if (!/^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/.test(shopDomain)) throw new StoreRefusal('invalid', `${credentials.shopDomain.slice(0, 100)} is not a myshopify.com shop domain`);
      return new ShopifyAdmin({ shopDomain, accessToken: credentials.accessToken, origin: options.shopifyOrigin ?? `https://${shopDomain}`, timeoutMs });
    }
    case 'woocommerce': {
      let url: URL;
      try {
        url = new URL(credentials.siteUrl.trim());
      } catch {
        throw new StoreRefusal('invalid', `${credentials.siteUrl.slice(0, 100)} is not a web address`);
      }
      if (url.protocol !== 'https:' && !(options.allowHttp && url.protocol === 'http:')) throw new StoreRefusal('invalid', 'The WooCommerce site must be reached over https');
      if (url.username || url.password || url.search || url.hash) throw new StoreRefusal('invalid', 'The WooCommerce site address must be a plain https address');
      return new WooCommerceAdmin({ siteUrl: url.toString().replace(/\/$/, ''), consumerKey: credentials.consumerKey, consumerSecret: credentials.consumerSecret, timeoutMs });
    }
    case 'bigcommerce': {
      if (!/^[a-z0-9]{1,40}$/i.test(credentials.storeHash)) throw new StoreRefusal('invalid', 'The BigCommerce store hash is letters and digits');
      return new BigCommerceAdmin({ storeHash: credentials.storeHash, accessToken: credentials.accessToken, apiUrl: options.bigcommerceApiUrl, timeoutMs });
    }
  }
}
