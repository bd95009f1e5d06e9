import { z } from 'zod';
import { idInUrl } from './common';

/**
 * The notification centre (decision record 030): what happened to a user, with read state, and which kinds also come
 * by email. Messages keep their own unread count in the navigation and are not listed here.
 */
export const notificationKinds = ['application', 'commission', 'payout', 'agreement', 'review', 'credential', 'campaign', 'task', 'goal', 'gear'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What the email settings call each kind. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  application: 'Job applications and their status',
  commission: 'Commissions',
  payout: 'Payouts',
  agreement: 'Pro staff agreements',
  review: 'Reviews',
  credential: 'Credential reviews',
  campaign: 'Campaigns from your brands',
  task: 'Campaign tasks: proof submitted, approved or rejected',
  goal: 'Season goals reached',
  gear: 'Gear: requests, approvals, shipments and what they owe',
};

export const notification = z.object({
  id: z.number(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** An app path such as `/agreements/12`. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({
  /** Only rows older than this id (the previous page's `nextBefore`). */
  before: idInUrl().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  unread: z.enum(['true', 'false']).optional().transform((value) => value === 'true'),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;
export type ParsedNotificationsQuery = z.output<typeof notificationsQuery>;

export const notificationsPage = z.object({
  notifications: z.array(notification),
  unreadCount: z.number(),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const unreadNotifications = z.object({ count: z.number() });

export const notificationSettings = z.object({
  /** Per kind: true = also by email. */
  email: z.object(Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>),
  weeklyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const updateNotificationSettingsBody = z.object({
  email: z.object(Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean().optional()])) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>).strict().optional(),
  weeklyDigest: z.boolean().optional(),
}).strict();
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;
