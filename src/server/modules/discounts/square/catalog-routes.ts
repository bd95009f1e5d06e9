import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformIdParam } from '@shared/contracts/common';
import { squareDiscountsAnswer, squareDiscountsBody } from '@shared/contracts/square';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { createSquareDiscounts } from './catalog-service';

export const squareCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.post(
    '/api/integration-platforms/:platformId/square-discounts',
    {
      onRequest: access('businessProfile', { verifiedEmail: true }),
      schema: {
        summary: 'Create Square discounts for the staffers’ codes',
        description:
          'For each active pro staffer code valid on this Square store, creates a DISCOUNT catalog object in Square (POST /v2/catalog/object, named like the code, FIXED_PERCENTAGE or FIXED_AMOUNT from its terms) and keeps its id, so a sale rung up with it credits the code. ' +
          'Needs the store’s Square access token with ITEMS_WRITE. Codes done before are answered existing; repeated and parallel calls make one object per code (one idempotency key per code, store and terms). ' +
          'A fixed-amount code needs `currency` (the Square locations’ currency), or it is skipped. 503 while Square is unreachable or failing; repeat the call.',
        params: platformIdParam,
        body: squareDiscountsBody,
        response: { 200: squareDiscountsAnswer },
      },
    },
    async (request) => createSquareDiscounts(ctx, requireBusinessProfile(request).businessId, request.params.platformId, request.body),
  );
};
