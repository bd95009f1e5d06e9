import { z } from 'zod';

/** Squarespace Commerce natively (issue 44, decision record 040): the webhook subscription a business made. */
export const squarespaceSubscriptionPath = (platformId: number | string) => `/api/integration-platforms/${platformId}/squarespace/subscription`;

/** The subscription as answered to the business: never its signing secret. */
export const squarespaceSubscription = z.object({
  platformId: z.number().int(),
  subscriptionId: z.string().describe('Squarespace’s webhook subscription id'),
  endpointUrl: z.string().describe('Where Squarespace sends order.create and order.update notifications'),
  topics: z.array(z.string()),
  subscribedAt: z.string(),
});
export type SquarespaceSubscription = z.infer<typeof squarespaceSubscription>;
