import { z } from 'zod';
import { emailSchema } from './auth';
import { timestamps } from './common';

// Contact Us tickets and Enterprise account managers (decision record 046).

// eslint-disable-next-line no-control-regex
const noControl = (text: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);

export const supportTicketStatuses = ['open', 'answered', 'closed'] as const;
export type SupportTicketStatus = (typeof supportTicketStatuses)[number];

/** The honeypot: a field people never see or fill (hidden off screen, labelled "leave empty"); bots fill every field. */
export const HONEYPOT_FIELD = 'website';

export const contactBody = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Keep the name under 120 characters').refine(noControl, 'Name has characters we cannot store'),
  email: emailSchema,
  subject: z.string({ error: 'Subject is required' }).trim().min(3, 'Give the message a subject').max(200, 'Keep the subject under 200 characters').refine(noControl, 'Subject has characters we cannot store'),
  message: z.string({ error: 'Message is required' }).trim().min(10, 'Tell us a little more (at least 10 characters)').max(5000, 'Keep the message under 5000 characters').refine(noControl, 'Message has characters we cannot store'),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type ContactBody = z.input<typeof contactBody>;

/** The answer to a contact message: the same whether it was filed or dropped as spam, so a bot learns nothing. */
export const contactReceipt = z.object({ received: z.literal(true) });

export const ticketReply = z.object({ id: z.number(), message: z.string(), createdAt: z.string().meta({ format: 'date-time' }) });

export const supportTicket = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(supportTicketStatuses),
  replies: z.array(ticketReply),
  ...timestamps,
});
export type SupportTicket = z.infer<typeof supportTicket>;

export const replyTicketBody = z.object({
  message: z.string({ error: 'Write the answer' }).trim().min(1, 'Write the answer').max(5000, 'Keep the answer under 5000 characters').refine(noControl, 'The answer has characters we cannot store'),
});
export const ticketStatusBody = z.object({ status: z.enum(supportTicketStatuses, { error: 'Choose open, answered or closed' }) });

/** Who manages an Enterprise account, as its dashboard shows it. */
export const accountManager = z.object({
  /** Whether the account's plan includes a named manager (Enterprise). */
  included: z.boolean(),
  manager: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type AccountManager = z.infer<typeof accountManager>;

export const enterpriseAccount = z.object({
  userId: z.number(),
  email: z.string(),
  companyName: z.string().nullable(),
  managerUserId: z.number().nullable(),
  managerName: z.string().nullable(),
});
export const accountManagersOverview = z.object({
  accounts: z.array(enterpriseAccount),
  admins: z.array(z.object({ id: z.number(), email: z.string() })),
});
export type AccountManagersOverview = z.infer<typeof accountManagersOverview>;

export const assignManagerBody = z.object({
  managerUserId: z.number().int().positive().nullable(),
  managerName: z.string().trim().max(120, 'Keep the name under 120 characters').refine(noControl, 'Name has characters we cannot store').optional(),
});
