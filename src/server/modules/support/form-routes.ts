import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noContent } from '@shared/contracts/common';
import { contactBody, HONEYPOT_FIELD } from '@shared/contracts/support';
import { AppError, retryAfterOf } from '@server/lib/errors';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { apiTags } from '@server/lib/routes/openapi';
import { isFromOurSite } from '@server/modules/auth/form-origin';
import * as service from './service';

/**
 * The Contact Us form as the browser posts it before the app has started, or without JavaScript (decision records
 * 034 and 046): form-encoded, answered with a 303 to /contact?sent=1 or back to /contact?error=<code>. Same service,
 * same rate limit and honeypot as the JSON route; nothing typed ever goes into the address.
 */
export const CONTACT_FORM_URL = '/api/support/contact/form';

const FORM_BODY_LIMIT = 16 * 1024;
const field = z.string().max(6000).optional();
const contactForm = z.object({ name: field, email: field, subject: field, message: field, [HONEYPOT_FIELD]: field });

function errorCode(error: AppError): string {
  if (error.code === 'RATE_LIMITED') return 'rate-limited';
  if (error.code === 'VALIDATION') return 'invalid-input';
  return 'failed';
}

async function formPost(request: FastifyRequest, reply: FastifyReply, handle: () => Promise<void>) {
  // Cross-site posts are refused: another site must not file tickets in a visitor's name (their session rides along).
  if (!isFromOurSite(request)) return reply.redirect('/contact?error=cross-site', 303);
  try {
    await handle();
    return reply.redirect('/contact?sent=1', 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const retry = retryAfterOf(error);
    if (retry) reply.header('Retry-After', String(retry));
    return reply.redirect(`/contact?error=${errorCode(error)}`, 303);
  }
}

export const supportFormRoutes = moduleRoutes(apiTags.support, (app, ctx) => {
  // Form-encoded bodies on this route only (this plugin is encapsulated); every other route stays JSON-only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    CONTACT_FORM_URL,
    {
      schema: {
        summary: 'Send a message to support from the HTML form (application/x-www-form-urlencoded; answers with a redirect)',
        body: contactForm,
        response: { 303: noContent.describe('See Other: to /contact?sent=1, or back to the form with ?error=<code>') },
      },
    },
    async (request, reply) =>
      formPost(request, reply, async () => {
        const parsed = contactBody.safeParse(request.body);
        if (!parsed.success) throw new AppError('VALIDATION', 'The form is not filled in correctly');
        await service.fileTicket(ctx, request.user, request.ip, parsed.data);
      }),
  );
});
