import type { z } from 'zod';
import type { SessionUser } from '@shared/contracts/auth';
import type { DemoRequest, demoRequestBody } from '@shared/contracts/demo-requests';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { RateLimiter } from '../../lib/rate-limit';
import * as repo from './repository';

const LIST_LIMIT = 100;
// A public form: a few requests per address per hour is plenty for people, and keeps bots from filling the table.
export const DEMO_REQUESTS_PER_HOUR = 10;
const perAddress = new RateLimiter(DEMO_REQUESTS_PER_HOUR, 60 * 60_000);

export function resetDemoRequestThrottling() {
  perAddress.clear();
}

function toWire(row: repo.DemoRequestRow): DemoRequest {
  return { ...row, preferredTime: row.preferredTime as DemoRequest['preferredTime'], createdAt: row.createdAt.toISOString() };
}

/** Stores the request, then tells every admin by email and live event (best effort: the request is kept either way). */
export async function requestDemo(ctx: AppContext, user: SessionUser | null, ip: string, body: z.output<typeof demoRequestBody>): Promise<DemoRequest> {
  if (!perAddress.hit(ip)) throw new AppError('RATE_LIMITED', 'Too many demo requests from this address. Try again later.');
  const row = await repo.insertDemoRequest(ctx.db, { ...body, userId: user?.id ?? null });
  const admins = await repo.adminRecipients(ctx.db);
  const text = [
    `${row.name} <${row.email}>${row.company ? ` from ${row.company}` : ''} asked for a demo.`,
    `Preferred time: ${row.preferredTime}`,
    row.message ? `Message: ${row.message}` : null,
    'See all requests on the admin dashboard.',
  ].filter(Boolean).join('\n');
  const results = await Promise.allSettled(
    admins.flatMap((admin) => [
      ctx.mailer.send({ to: admin.email, subject: `Demo request from ${row.name}`, text }),
      ctx.events.publish(admin.id, { type: 'demo-request.created', data: { demoRequestId: row.id } }),
    ]),
  );
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) ctx.log.warn({ demoRequestId: row.id, failed }, 'could not notify every admin of a demo request');
  ctx.log.info({ demoRequestId: row.id }, 'demo request stored');
  return toWire(row);
}

export async function listDemoRequests(ctx: AppContext): Promise<DemoRequest[]> {
  return (await repo.listDemoRequests(ctx.db, LIST_LIMIT)).map(toWire);
}
