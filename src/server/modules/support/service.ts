import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import { HONEYPOT_FIELD, type AccountManager, type AccountManagersOverview, type assignManagerBody, type contactBody, type replyTicketBody, type SupportTicket, type SupportTicketStatus } from '@shared/contracts/support';
import type { AppContext } from '@server/lib/context';
import { planOf } from '@server/lib/entitlements';
import { AppError, notFound } from '@server/lib/errors';
import { queueMail, queueMails } from '@server/modules/tasks/service';
import * as repo from './repository';

function toWire(row: repo.TicketRow, replies: repo.ReplyRow[]): SupportTicket {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as SupportTicketStatus,
    replies: replies.map((reply) => ({ id: reply.id, message: reply.message, createdAt: reply.createdAt.toISOString() })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A Contact Us message (decision record 046). Counted against the address's budget first, so a bot spends it too;
 * a filled honeypot is dropped without a word (the answer is the same, so the bot learns nothing). Otherwise the
 * ticket is stored and the admins told by mail, in one transaction. No acknowledgement goes to the address given:
 * a public form that mails any address would be a way to send our mail to strangers.
 */
export async function fileTicket(ctx: AppContext, user: SessionUser | null, ip: string, body: z.output<typeof contactBody>): Promise<{ received: true }> {
  await ctx.rateLimits.supportTicketsByAddress.consume(ip, () => 'Too many messages from this network. Try again in an hour, or sign in and write again later.');
  if (body[HONEYPOT_FIELD]) {
    ctx.log.info({ honeypot: true }, 'contact message dropped as spam');
    return { received: true };
  }
  const id = await ctx.db.transaction(async (tx) => {
    const ticket = await repo.insertTicket(tx, { userId: user?.id ?? null, name: body.name, email: body.email, subject: body.subject, message: body.message });
    const text = [`${ticket.name} <${ticket.email}>${user ? ` (account ${user.id})` : ''} wrote:`, `Subject: ${ticket.subject}`, '', ticket.message, '', 'Answer it from the admin page.'].join('\n');
    await queueMails(ctx, (await repo.adminEmails(tx)).map((to) => ({ to, subject: `Support: ${ticket.subject}`, text })), tx);
    return ticket.id;
  });
  ctx.log.info({ supportTicketId: id }, 'support ticket filed');
  return { received: true };
}

export async function listTickets(ctx: AppContext): Promise<SupportTicket[]> {
  const tickets = await repo.listTickets(ctx.db);
  const replies = await repo.repliesOf(ctx.db, tickets.map((ticket) => ticket.id));
  return tickets.map((ticket) => toWire(ticket, replies.filter((reply) => reply.ticketId === ticket.id)));
}

/** An admin's answer: stored, the ticket marked answered, and mailed to the requester, all or nothing. */
export async function reply(ctx: AppContext, admin: SessionUser, id: number, body: z.output<typeof replyTicketBody>): Promise<SupportTicket> {
  const ticket = await ctx.db.transaction(async (tx) => {
    const row = await repo.lockTicket(tx, id);
    if (!row) throw notFound('Support ticket');
    await repo.insertReply(tx, { ticketId: id, userId: admin.id, message: body.message });
    const updated = (await repo.setTicketStatus(tx, id, 'answered'))!;
    const quoted = row.message.split('\n').map((line) => `> ${line}`).join('\n');
    await queueMail(ctx, { to: row.email, subject: `Re: ${row.subject}`, text: `${body.message}\n\n— HuntStaff support\n\nYou wrote:\n${quoted}` }, tx);
    return updated;
  });
  ctx.log.info({ supportTicketId: id }, 'support ticket answered');
  return toWire(ticket, await repo.repliesOf(ctx.db, [id]));
}

export async function setStatus(ctx: AppContext, id: number, status: SupportTicketStatus): Promise<SupportTicket> {
  const row = await repo.setTicketStatus(ctx.db, id, status);
  if (!row) throw notFound('Support ticket');
  return toWire(row, await repo.repliesOf(ctx.db, [id]));
}

/** Account managers are an Enterprise feature (src/shared/plans.ts, "Dedicated account manager"). */
export async function myManager(ctx: AppContext, user: SessionUser): Promise<AccountManager> {
  const included = planOf(user).id === 'enterprise';
  if (!included) return { included, manager: null };
  return { included, manager: (await repo.managerOf(ctx.db, user.id)) ?? null };
}

export async function managersOverview(ctx: AppContext): Promise<AccountManagersOverview> {
  const [accounts, admins] = await Promise.all([repo.enterpriseAccounts(ctx.db), repo.admins(ctx.db)]);
  return { accounts, admins };
}

/** Names (or, with null, removes) an Enterprise account's manager: the account must be on Enterprise, the manager an admin. */
export async function assignManager(ctx: AppContext, businessUserId: number, body: z.output<typeof assignManagerBody>): Promise<AccountManagersOverview> {
  const [account] = await repo.enterpriseAccounts(ctx.db, businessUserId);
  if (!account) throw notFound('Enterprise account');
  if (body.managerUserId === null) {
    await repo.removeManager(ctx.db, businessUserId);
  } else {
    if (!(await repo.isAdmin(ctx.db, body.managerUserId))) {
      throw new AppError('VALIDATION', 'The account manager must be an admin', [{ path: 'managerUserId', message: 'Choose an admin' }]);
    }
    const [manager] = (await repo.admins(ctx.db)).filter((admin) => admin.id === body.managerUserId);
    await repo.upsertManager(ctx.db, businessUserId, body.managerUserId, body.managerName || manager!.email);
  }
  return managersOverview(ctx);
}
