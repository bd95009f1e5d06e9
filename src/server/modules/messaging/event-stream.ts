import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageEventTypes } from '@shared/contracts/messaging';
import { requireUser } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import type { UserEvent } from '@server/lib/events';
import { initialUnread } from './service';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in user's tabs. Every event published to the
 * user on ctx.events is forwarded as `event: <type>` with its data as JSON.
 */
export function registerEventStream(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const { ctx } = app;
  const open = new Set<ServerResponse>();

  // The reply is hijacked and written by hand: the response schema only documents the stream.
  const schema = {
    summary: 'Live events for the signed-in user (Server-Sent Events)',
    description:
      'A text/event-stream that stays open: `retry: 3000`, then `event: unread-count` with the current count, then every event ' +
      'published to the user (`event: <type>`, `data: <JSON>`), and a `: keep-alive` comment every 25 seconds.',
    response: { 200: { description: 'The event stream', content: { 'text/event-stream': { schema: z.string().describe('Server-Sent Events') } } } },
  };

  app.get('/api/events', { onRequest: access('signedIn'), schema }, async (request, reply) => {
    const user = requireUser(request);
    const count = await initialUnread(ctx, user.id);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    open.add(res);
    const send = (event: UserEvent) => {
      if (!res.writableEnded) res.write(`event: ${event.type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(event.data)}\n\n`);
    };
    res.write('retry: 3000\n\n');
    send({ type: messageEventTypes.unreadCount, data: { count } });
    const unsubscribe = ctx.events.subscribe(user.id, send);
    const heartbeat = setInterval(() => {
      if (!res.writableEnded) res.write(': keep-alive\n\n');
    }, HEARTBEAT_MS);
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
    };
    // The response closes when the tab goes away or the server shuts down.
    res.on('close', cleanup);
  });

  // Open streams would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });
}
