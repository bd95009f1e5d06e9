import { idParam, noContent } from '@shared/contracts/common';
import * as contract from '@shared/contracts/api-tokens';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/**
 * An Enterprise business manages its API tokens here (decision record 043). These routes are never opened to tokens:
 * a token cannot mint, list or revoke tokens.
 */
export const apiTokensRoutes = moduleRoutes(apiTags.apiTokens, (app, ctx) => {
  app.get(
    '/api/api-tokens',
    { onRequest: access('businessProfile'), schema: { summary: 'The business’s API tokens (never the tokens themselves) and whether its plan includes API access', response: { 200: contract.apiTokenList } } },
    async (request) => service.list(ctx, requireBusinessProfile(request)),
  );

  app.post(
    '/api/api-tokens',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Create an API token (Enterprise): the token is in this answer only',
        description:
          `Scopes: ${contract.apiTokenScopes.join(', ')}. expiresInDays: 1 to ${contract.API_TOKEN_MAX_DAYS} (default ${contract.API_TOKEN_DEFAULT_DAYS}). ` +
          `403 with details.reason plan_feature on a plan without API access; 409 with ${contract.MAX_LIVE_API_TOKENS} live tokens already.`,
        body: contract.createApiTokenBody,
        response: { 201: contract.createdApiToken },
      },
    },
    async (request, reply) => {
      // The one answer that carries the token: no cache may keep it.
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await service.create(ctx, requireBusinessProfile(request), request.body));
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    { onRequest: access('businessProfile'), schema: { summary: 'Revoke an API token at once (on any plan; revoking again is harmless)', params: idParam, response: { 204: noContent } } },
    async (request, reply) => {
      await service.revoke(ctx, requireBusinessProfile(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
});
