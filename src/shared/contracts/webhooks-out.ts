import { z } from 'zod';
import { dbIdParam } from './common';

// Outgoing webhooks (issue 46 item 4, decision record 044): an Enterprise brand's endpoints, the events they receive,
// and the delivery log.

export const outgoingEventTypes = [
  'commission.created', 'commission.adjusted', 'commission.paid',
  'payout.paid', 'payout.failed',
  'proof.submitted', 'proof.decided',
  'agreement.accepted', 'agreement.ended',
  'gear.shipped', 'gear.request_decided',
  'fraud.flag_raised', 'fraud.flag_decided',
] as const;
export type OutgoingEventType = (typeof outgoingEventTypes)[number];

export const outgoingEventLabels: Record<OutgoingEventType, string> = {
  'commission.created': 'Commission created',
  'commission.adjusted': 'Commission adjusted (refund, restore, cancellation, clawback)',
  'commission.paid': 'Commission paid',
  'payout.paid': 'Payout paid to a pro staffer',
  'payout.failed': 'Payout failed',
  'proof.submitted': 'Task proof submitted',
  'proof.decided': 'Task proof approved or rejected',
  'agreement.accepted': 'Agreement accepted',
  'agreement.ended': 'Agreement ended',
  'gear.shipped': 'Gear shipped',
  'gear.request_decided': 'Gear request approved or declined',
  'fraud.flag_raised': 'Fraud flag raised',
  'fraud.flag_decided': 'Fraud flag decided',
};

/** How long an old secret keeps signing after a rotation. */
export const SECRET_OVERLAP_HOURS = 24;
/** How far a receiver should accept the signed time from its own clock (documented in the integration guide). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Endpoints a business may have. */
export const MAX_ENDPOINTS = 10;

const eventTypeList = z
  .array(z.enum(outgoingEventTypes, 'Unknown event type'), 'Choose the events to send')
  .min(1, 'Choose at least one event')
  .max(outgoingEventTypes.length)
  .refine((list) => new Set(list).size === list.length, 'Each event once');

/** http(s) only; whether https is required and where the host may point is the server's check (SSRF guard). */
const endpointUrl = z
  .string('Enter the endpoint URL')
  .trim()
  .max(2000, 'At most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'Enter a full https:// URL without a user name or password');

export const createEndpointBody = z.object({
  url: endpointUrl,
  description: z.string().trim().max(200, 'At most 200 characters').default(''),
  eventTypes: eventTypeList,
});
export type CreateEndpointBody = z.infer<typeof createEndpointBody>;

export const updateEndpointBody = z
  .object({
    url: endpointUrl.optional(),
    description: z.string().trim().max(200, 'At most 200 characters').optional(),
    eventTypes: eventTypeList.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), 'Change at least one field');
export type UpdateEndpointBody = z.infer<typeof updateEndpointBody>;

export const endpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(outgoingEventTypes)),
  enabled: z.boolean(),
  /** Why it was turned off by HuntStaff (repeated failures), or null. */
  disabledReason: z.string().nullable(),
  /** The first failed attempt since the last success, or null. */
  failingSince: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** Until when the previous secret still signs (after a rotation), or null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Endpoint = z.infer<typeof endpoint>;

/** Creation and rotation answer the signing secret, once. */
export const endpointWithSecret = endpoint.extend({ secret: z.string() });
export type EndpointWithSecret = z.infer<typeof endpointWithSecret>;

export const deliveryStatuses = ['pending', 'retrying', 'succeeded', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const deliveryAttempt = z.object({
  attempt: z.number().int(),
  /** A resend from the delivery log rather than the automatic schedule. */
  manual: z.boolean(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const delivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.enum(outgoingEventTypes),
  status: z.enum(deliveryStatuses),
  attempts: z.array(deliveryAttempt),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

export const deliveriesQuery = z.object({ endpointId: dbIdParam.optional() });
