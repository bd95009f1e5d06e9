import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { DemoRequest, demoRequestBody } from '@shared/contracts/demo-requests';
import type { AppContext } from '@server/lib/context';
import { publishBestEffort } from '@server/lib/publish';
import * as repo from './repository';
import { toWire } from './mappers';

const LIST_LIMIT = 100;

/** Stores the request, then tells every admin by email and live event (best effort: the request is kept either way). */
export async function requestDemo(ctx: AppContext, user: SessionUser | null, body: z.output<typeof demoRequestBody>): Promise<DemoRequest> {
  const row = await repo.insertDemoRequest(ctx.db, { ...body, userId: user?.id ?? null });
  const admins = await repo.adminRecipients(ctx.db);
  const text = [
    `${row.name} <${row.email}>${row.company ? ` from ${row.company}` : ''} asked for a demo.`,
    `Preferred time: ${row.preferredTime}`,
    row.message ? `Message: ${row.message}` : null,
    'See all requests on the admin dashboard.',
  ].filter(Boolean).join('\n');
  const [mails] = await Promise.all([
    Promise.allSettled(admins.map((admin) => ctx.mailer.send({ to: admin.email, subject: `Demo request from ${row.name}`, text }))),
    publishBestEffort(ctx, admins.map((admin) => ({ userId: admin.id, event: { type: 'demo-request.created', data: { demoRequestId: row.id } } }))),
  ]);
  const failed = mails.filter((result) => result.status === 'rejected').length;
  if (failed > 0) ctx.log.warn({ demoRequestId: row.id, failed }, 'could not email every admin of a demo request');
  ctx.log.info({ demoRequestId: row.id }, 'demo request stored');
  return toWire(row);
}

export async function listDemoRequests(ctx: AppContext): Promise<DemoRequest[]> {
  return (await repo.listDemoRequests(ctx.db, LIST_LIMIT)).map(toWire);
}
