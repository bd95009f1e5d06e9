import Stripe from 'stripe';
import type { Config } from '@server/config';
import { AppError } from '@server/lib/errors';

const clients = new WeakMap<Config['stripe'], Stripe>();

/** Card payment needs a server secret key and a publishable key the browser can use. */
export function isStripeConfigured(config: Config): boolean {
  const { secretKey, publishableKey } = config.stripe;
  return Boolean(secretKey && /^(sk|rk)_/.test(secretKey) && publishableKey && publishableKey.startsWith('pk_'));
}

/** The server's Stripe client; a 503 with a clear message when keys are missing. */
export function stripeFor(config: Config): Stripe {
  if (!isStripeConfigured(config)) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Payment processing is not configured on this server (STRIPE_SECRET_KEY and a pk_ STRIPE_PUBLISHABLE_KEY are required). Please contact support.',
    );
  }
  let client = clients.get(config.stripe);
  if (!client) {
    const { secretKey, host, port, protocol } = config.stripe;
    client = new Stripe(secretKey!, {
      ...(host ? { host } : {}),
      ...(port ? { port } : {}),
      ...(protocol ? { protocol } : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'HuntStaff' },
    });
    clients.set(config.stripe, client);
  }
  return client;
}

/** Turns a Stripe SDK failure into an error the user can act on, without leaking internals. */
export function paymentProviderError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new AppError('VALIDATION', error.message);
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('SERVICE_UNAVAILABLE', 'The payment provider rejected the request. Please try again or contact support.');
  }
  return new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again in a moment.');
}

/**
 * A Stripe webhook event, verified against the exact bytes received with the endpoint's signing secret (each endpoint
 * has its own: subscriptions and Connect). `endpoint` names them in the refusal when the secret is not set.
 */
export function verifiedStripeEvent(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  endpoint: { secret: string | undefined; what: string; variable: string },
): Stripe.Event {
  const { secret } = endpoint;
  if (!secret) throw new AppError('SERVICE_UNAVAILABLE', `${endpoint.what} are not configured on this server (${endpoint.variable})`);
  if (!signature) throw new AppError('VALIDATION', 'Missing Stripe-Signature header');
  if (!rawBody || rawBody.length === 0) throw new AppError('VALIDATION', 'The request body is empty');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('VALIDATION', 'Invalid Stripe signature');
  }
}
