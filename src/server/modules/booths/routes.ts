import { z } from 'zod';
import { idParam, noContent } from '@shared/contracts/common';
import * as contract from '@shared/contracts/booths';
import { requireBusinessProfile } from '@server/lib/auth';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

/** A business's event booths and their reports (issue 44 item 5, decision record 040). */
export const boothsRoutes = moduleRoutes(apiTags.booths, (app, ctx) => {
  const read = access('businessProfile');
  const write = access('businessProfile', { verifiedEmail: true });

  app.get('/api/booth-events', { onRequest: read, schema: { summary: 'The business’s event booths, newest first', response: { 200: z.array(contract.boothEvent) } } }, async (request) =>
    service.listEvents(ctx, requireBusinessProfile(request)),
  );

  app.post(
    '/api/booth-events',
    { onRequest: write, schema: { summary: 'Create an event booth: place, zone, days with hours, store locations, roster and split rule', body: contract.boothEventFields, response: { 201: contract.boothEvent } } },
    async (request, reply) => reply.status(201).send(await service.createEvent(ctx, requireBusinessProfile(request), request.body)),
  );

  app.get('/api/booth-events/:id', { onRequest: read, schema: { summary: 'An event booth', params: idParam, response: { 200: contract.boothEvent } } }, async (request) =>
    service.getEvent(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.put(
    '/api/booth-events/:id',
    { onRequest: write, schema: { summary: 'Change an event booth (sales already credited keep their split)', params: idParam, body: contract.boothEventFields, response: { 200: contract.boothEvent } } },
    async (request) => service.updateEvent(ctx, requireBusinessProfile(request), request.params.id, request.body),
  );

  app.delete('/api/booth-events/:id', { onRequest: write, schema: { summary: 'Delete an event booth and its report (its commissions stay)', params: idParam, response: { 204: noContent } } }, async (request, reply) => {
    await service.deleteEvent(ctx, requireBusinessProfile(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/api/booth-events/:id/report',
    { onRequest: read, schema: { summary: 'The booth’s sales, units, codes, staffers and commissions per day of its zone and currency, as of now', params: idParam, response: { 200: contract.boothReport } } },
    async (request) => service.report(ctx, requireBusinessProfile(request), request.params.id),
  );

  app.get(
    '/api/booth-events/:id/report.csv',
    {
      onRequest: read,
      schema: {
        summary: 'The booth report (CSV)', description: 'One line per day and currency: date, currency, sales, code_sales, units, revenue, commissions, codes, staffer_commissions.',
        params: idParam, produces: ['text/csv'], response: { 200: z.string().describe('text/csv, downloaded as booth-<id>-report.csv') },
      },
    },
    async (request, reply) => {
      const csv = service.reportCsv(await service.report(ctx, requireBusinessProfile(request), request.params.id));
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="booth-${request.params.id}-report.csv"`).send(csv);
    },
  );
});
