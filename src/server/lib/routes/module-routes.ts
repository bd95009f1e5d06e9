import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '@server/lib/context';
import { tagRoutes, type ApiTag } from './openapi';

/** The Fastify instance a module declares its routes on, typed by the Zod schemas of each route. */
export type RoutesApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A module's routes plugin (decision record 021): every route it declares gets the module's tag in the OpenAPI
 * document (unless the route names its own), and `declare` gets the app context its handlers pass to the services.
 */
export function moduleRoutes(tag: ApiTag, declare: (app: RoutesApp, ctx: AppContext) => void | Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    tagRoutes(app, tag);
    await declare(app, app.ctx);
  };
}
