import type { AgreementStatus } from './agreements';
import type { ApplicationStatus } from './jobs';
import type { CommissionStatus } from './commissions';
import type { RevieweeType } from './reviews';

/**
 * Every event the server pushes to a user's tabs over Server-Sent Events (GET /api/events): `event: <type>`,
 * `data: <JSON of data>`. Payloads carry ids and counts, never content: a tab refetches what it shows.
 * The server publishes only these (src/server/lib/events.ts); the client listens through one hook
 * (src/client/lib/use-server-events.ts).
 */
export type ServerEvent =
  | { type: 'message.created'; data: { messageId: number; conversationId: number; fromUserId: number; unreadCount?: number } }
  | { type: 'message.read'; data: { conversationId: number; messageId?: number } }
  | { type: 'unread-count'; data: { count: number } }
  | { type: 'application.created'; data: { applicationId: number; jobPostingId: number } }
  | { type: 'application.status_changed'; data: { applicationId: number; jobPostingId: number; status: ApplicationStatus } }
  | { type: 'commission.created' | 'commission.status_changed'; data: { commissionId: number; status: CommissionStatus } }
  | { type: 'commission.payable'; data: { commissionId: number } }
  | { type: 'payout.updated'; data: { payoutId: number; status: 'paid' | 'failed' } }
  | { type: 'payout-account.updated'; data: Record<string, never> }
  | { type: 'review.created'; data: { reviewId: number; revieweeType: RevieweeType; revieweeId: number } }
  | { type: 'review.responded'; data: { reviewId: number } }
  | { type: 'subscription.updated'; data: Record<string, never> }
  | { type: 'demo-request.created'; data: { demoRequestId: number } }
  | { type: 'agreement.updated'; data: { agreementId: number; status: AgreementStatus } }
  | { type: 'notifications.changed'; data: { unreadCount: number } };

export type ServerEventType = ServerEvent['type'];

/** The data of one event type. */
export type ServerEventData<T extends ServerEventType> = Extract<ServerEvent, { type: T }>['data'];

/** Every type, for listeners that must name them (EventSource has no "any event" listener). */
export const serverEventTypes = [
  'message.created',
  'message.read',
  'unread-count',
  'application.created',
  'application.status_changed',
  'commission.created',
  'commission.status_changed',
  'commission.payable',
  'payout.updated',
  'payout-account.updated',
  'review.created',
  'review.responded',
  'subscription.updated',
  'demo-request.created',
  'agreement.updated',
  'notifications.changed',
] as const satisfies readonly ServerEventType[];

// Fails to compile when a type is added to the union but not to the list.
type Missing = Exclude<ServerEventType, (typeof serverEventTypes)[number]>;
export const everyServerEventListed: Missing extends never ? true : Missing = true;
