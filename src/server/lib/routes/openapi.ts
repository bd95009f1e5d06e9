import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@shared/contracts/common';
import { declaredAccess, declaredTokenScope, declaresVerifiedEmail } from './access';

/**
 * One OpenAPI 3.1 document for the whole API, generated from the routes' Zod schemas (decision record 021).
 * Routes say who may call them (`access(...)`) and which tag they belong to (`tagRoutes`); this file turns that
 * into `security`, an `operationId` and the shared error response, so no route repeats them.
 */
export const OPENAPI_JSON_PATH = '/api/docs';
export const API_REFERENCE_PATH = '/api-reference';

/** The document's tags: one per area of the session API, then the public store API and the webhooks. */
const session = (area: string) => `Session API (cookie): ${area}.`;
export const apiTags = {
  system: { name: 'System', description: 'Public configuration and health.' },
  auth: { name: 'Auth', description: session('sign-up, sign-in, passwords and the current user') },
  account: { name: 'Account', description: session('email verification, two-factor sign-in, data export and account deletion') },
  profiles: { name: 'Profiles', description: session('business and pro staff profiles, the directory') },
  uploads: { name: 'Uploads', description: session('images') },
  branding: { name: 'Branding', description: session('custom branding of Enterprise businesses: logo and brand colour') },
  jobs: { name: 'Jobs', description: session('job postings and applications') },
  messaging: { name: 'Messaging', description: session('conversations, messages, attachments, mass messages and the event stream') },
  commissions: { name: 'Commissions', description: session('commissions and rankings') },
  agreements: { name: 'Agreements', description: session('pro staff agreements, their history and the roster') },
  notifications: { name: 'Notifications', description: session('the notification centre and email settings') },
  credentials: { name: 'Credentials', description: session('verified credentials: submissions, documents, the admin review queue') },
  campaigns: { name: 'Campaigns', description: session('campaigns for a business’s pro staff and their content library') },
  goals: { name: 'Goals', description: session('seasons and pro staff goals with their progress') },
  booths: { name: 'Event booths', description: session('event booths: hours, roster, split rule and the booth report by day') },
  gear: { name: 'Gear', description: session('pay in gear: program tiers, pro pricing, the seedable catalog, gear requests, seeding orders and what they owe') },
  payouts: { name: 'Payouts', description: session('payout accounts (Stripe Connect), Pay now, payout history and statements') },
  reviews: { name: 'Reviews', description: session('reviews') },
  ads: { name: 'Advertisements', description: session('advertisements') },
  promotions: { name: 'Promotions', description: session('promotions') },
  discounts: { name: 'Discount codes', description: session('discount codes and connected store platforms') },
  webhooksOut: { name: 'Outgoing webhooks', description: session('an Enterprise brand’s webhook endpoints, their signing secrets and the delivery log') },
  fraud: { name: 'Code abuse', description: session('fraud flags on attributed orders, holds and decisions, the review rules, household addresses') },
  billing: { name: 'Billing', description: session('plans, subscriptions and trials') },
  admin: { name: 'Admin', description: session('admin dashboard') },
  analytics: { name: 'Analytics', description: session('business analytics') },
  usage: { name: 'Usage', description: session('plan usage') },
  demoRequests: { name: 'Demo requests', description: 'Requests for a product demo.' },
  coaching: { name: 'Coaching', description: session('Elite one-on-one coaching: requests, the admin queue, calendar invites') },
  support: { name: 'Support', description: 'Contact Us tickets (signed in or not), their answers from the admin page, and Enterprise account managers.' },
  apiTokens: { name: 'API tokens', description: session('an Enterprise business’s API tokens: create (shown once), list, revoke') },
  store: { name: 'Store API', description: 'Called by connected stores with their X-Api-Key: validate codes, track usage, orders and page views.' },
  webhooks: { name: 'Webhooks', description: 'Signed deliveries from store platforms and Stripe. A signed delivery we cannot use is answered 200 and recorded.' },
} as const;
export type ApiTag = (typeof apiTags)[keyof typeof apiTags];

const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-hs_session',
    description: 'The session cookie set by POST /api/auth/login (hs_session outside production). Writes also need a same-origin Origin header.',
  },
  storeKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'A connected store platform’s publishable or secret key.' },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'hs_live_…',
    description:
      'An Enterprise business’s API token (`Authorization: Bearer hs_live_…`, made on the API tokens page). It acts as the business’s owner, only on the routes that list this scheme and only with the scope they name. ' +
      'Send no session cookie with it (400). 401 unknown, expired or revoked; 403 API_TOKEN_PLAN once the business is not on Enterprise, API_TOKEN_NOT_ACCEPTED on any other route, API_TOKEN_SCOPE without the scope; 429 past the per-token rate limit.',
  },
  shopifyHmac: { type: 'apiKey', in: 'header', name: 'X-Shopify-Hmac-Sha256', description: 'Base64 HMAC-SHA256 of the raw body with the platform’s signing secret.' },
  wooSignature: { type: 'apiKey', in: 'header', name: 'X-WC-Webhook-Signature', description: 'Base64 HMAC-SHA256 of the raw body with the platform’s signing secret.' },
  bigcommerceSecret: { type: 'apiKey', in: 'header', name: 'X-Webhook-Secret', description: 'The platform’s signing secret, sent as a custom header BigCommerce adds to every delivery.' },
  magentoSecret: { type: 'apiKey', in: 'header', name: 'X-Webhook-Secret', description: 'The platform’s signing secret, sent as a custom header of the Adobe Commerce webhook (Adobe’s own RSA signature is not checked; the notification only names an order, fetched with the saved access token).' },
  squareSignature: { type: 'apiKey', in: 'header', name: 'X-Square-Hmacsha256-Signature', description: 'Base64 HMAC-SHA256 of the notification URL followed by the raw body, keyed with the Square subscription’s signature key.' },
  squarespaceSignature: { type: 'apiKey', in: 'header', name: 'Squarespace-Signature', description: 'Hex HMAC-SHA256 of the raw body, keyed with the webhook subscription’s secret decoded from hex.' },
  stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: 'Stripe’s signed timestamp and HMAC of the raw body.' },
} as const;
export type SecurityScheme = keyof typeof securitySchemes;

/** Every route registered inside `app` (one module's plugin) gets this tag unless it names its own. */
export function tagRoutes(app: FastifyInstance, tag: ApiTag): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: (route.schema as { tags?: string[] } | undefined)?.tags ?? [tag.name] };
  });
}

/** `GET /api/job-postings/:id/applications` → `getJobPostingsByIdApplications` */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const { $schema: _dialect, ...errorJsonSchema } = z.toJSONSchema(errorBody, { io: 'output' });
const errorResponse = { description: 'Refused: `{ error: { code, message, details? } }`', content: { 'application/json': { schema: errorJsonSchema } } };

type DocumentedSchema = FastifySchema & { hide?: boolean; operationId?: string; security?: unknown; description?: string; response?: Record<string, unknown> };

/** Said on every route declared with `access(level, { verifiedEmail: true })` (decision record 027). */
export const VERIFIED_EMAIL_NOTE = 'Needs a confirmed email address: an account that has not confirmed it gets 403 `EMAIL_NOT_VERIFIED`.';

/** Said on every route an API token may call (decision record 043). */
const tokenNote = (scope: string) => `Also callable with an Enterprise API token holding the \`${scope}\` scope (\`Authorization: Bearer hs_live_…\`), acting as the business’s owner.`;

const transform: SwaggerTransform = (document) => {
  const { route } = document as Parameters<SwaggerTransform>[0] & { route: RouteOptions };
  if (!document.url.startsWith('/api/')) return { schema: { hide: true } as FastifySchema, url: document.url };
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]) as { schema?: DocumentedSchema; url: string };
  const { url } = transformed;
  const schema = transformed.schema ?? {};
  if (schema.hide) return { schema, url };
  const method = [route.method].flat()[0]!;
  const level = declaredAccess(route.onRequest);
  const response = schema.response ?? {};
  const verifiedEmail = declaresVerifiedEmail(route.onRequest);
  const tokenScope = declaredTokenScope(route.onRequest);
  const notes = [schema.description, verifiedEmail && VERIFIED_EMAIL_NOTE, tokenScope && tokenNote(tokenScope)].filter(Boolean);
  return {
    url,
    schema: {
      ...schema,
      ...(notes.length && { description: notes.join('\n\n') }),
      ...(verifiedEmail && { 'x-requires-verified-email': true }),
      ...(tokenScope && { 'x-api-token-scope': tokenScope }),
      operationId: schema.operationId ?? operationIdFor(method, url),
      // Either the session or, where the route opened itself to tokens, a token with its scope (decision record 043).
      security: schema.security ?? (level ? [{ session: [] }, ...(tokenScope ? [{ apiToken: [tokenScope] }] : [])] : []),
      response: {
        ...response,
        '4XX': errorResponse,
      },
    } as FastifySchema,
  };
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HuntStaff API',
        version: '1.0.0',
        description:
          'The session API used by the HuntStaff web app (cookie session; a few read and discount-code routes also take an Enterprise API token, Authorization: Bearer), the public store API (X-Api-Key) and the signed store and Stripe webhooks.',
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: Object.values(apiTags),
      components: { securitySchemes: securitySchemes as never },
    },
    transform,
  });
  // The whole document, for tools and the in-app API reference; any origin may read it.
  app.get(OPENAPI_JSON_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    return app.swagger();
  });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    staticCSP: true,
    // Swagger UI sets a few inline styles; the app's own policy allows them as well (app.ts).
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
    theme: { title: 'HuntStaff API reference' },
    // No explore bar (it would load any URL) and no call to the public validator service.
    uiConfig: { deepLinking: true, docExpansion: 'list', layout: 'BaseLayout', validatorUrl: null },
  });
}
