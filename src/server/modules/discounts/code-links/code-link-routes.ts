import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeCard, codeLinkParams, codeLinkPaths } from '@shared/contracts/code-links';
import { requireProStaffProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { cardsOf, landingOf } from './code-link-service';
import { codeNotFoundPage, showCodePage } from './code-link-page';

/** The staffer's QR cards, and the public link each card's QR code holds (decision record 040). */
export const codeLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    codeLinkPaths.cards,
    { onRequest: access('proStaffProfile'), schema: { summary: 'The caller’s active codes as QR cards, with the link each encodes', response: { 200: z.array(codeCard) } } },
    async (request) => cardsOf(ctx, requireProStaffProfile(request).proStaffId),
  );

  // Public, no sign-in: a shopper scans the card. Never cached, so a deactivated code stops working at once.
  app.get('/c/:businessId/:code', { schema: { hide: true, params: codeLinkParams } }, async (request, reply) => {
    const landing = await landingOf(ctx, request.params.businessId, request.params.code);
    reply.header('Cache-Control', 'no-store');
    if (!landing) return reply.status(404).type('text/html; charset=utf-8').send(codeNotFoundPage());
    if (landing.kind === 'redirect') return reply.redirect(landing.url, 302);
    return reply.type('text/html; charset=utf-8').send(showCodePage(landing));
  });
};
