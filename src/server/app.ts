import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { AppContext } from './lib/context';
import { AppError, httpStatusByCode, retryAfterOf } from './lib/errors';
import { readSessionToken } from './lib/auth';
import { assertSameOrigin } from './lib/csrf';
import { databaseInputError, isDatabaseUnavailable } from './lib/db-errors';
import { FileStorage, type Storage } from './lib/storage';
import { S3Storage } from './lib/s3-storage';
import { refuseInvalidText } from './lib/text-input';
import { clientErrorHandler } from './lib/client-error';
import { isMalformedMultipart } from './lib/multipart-form';
import { logSafeError } from './lib/log-safe-error';
import { createEventBus, type EventBus } from './lib/events';
import { LogMailer, MailboxMailer, SmtpMailer, type Mailer } from './lib/mailer';
import { loggerOptions } from './lib/logging';
import { createRateLimits } from './lib/rate-limits/registry';
import { registerRateLimits } from './lib/rate-limits/plugin';
import { createRateLimitStore } from './lib/rate-limits/shared';
import { forgetKeptSessions, userForToken } from './modules/auth/service';
import { keepSessions } from './modules/auth/session-invalidation';
import { serializerCompiler, validatorCompiler } from './lib/routes/schema-compilers';
import { registerOpenApi } from './lib/routes/openapi';
import { authRoutes } from './modules/auth/routes';
import { accountRoutes } from './modules/account/routes';
import { systemRoutes } from './modules/system/routes';
import { profilesRoutes } from './modules/profiles/routes';
import { uploadsRoutes } from './modules/uploads/routes';
import { brandingRoutes } from './modules/branding/routes';
import { jobsRoutes } from './modules/jobs/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { commissionsRoutes } from './modules/commissions/routes';
import { payoutsRoutes } from './modules/payouts/routes';
import { agreementsRoutes } from './modules/agreements/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { credentialsRoutes } from './modules/credentials/routes';
import { campaignsRoutes } from './modules/campaigns/routes';
import { boothsRoutes } from './modules/booths/routes';
import { goalsRoutes } from './modules/goals/routes';
import { webhooksOutRoutes } from './modules/webhooks-out/routes';
import { gearRoutes } from './modules/gear/routes';
import { campaignTasksRoutes } from './modules/campaign-tasks/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { adsRoutes } from './modules/ads/routes';
import { promotionsRoutes } from './modules/promotions/routes';
import { discountsRoutes } from './modules/discounts/routes';
import { billingRoutes } from './modules/billing/routes';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { usageRoutes } from './modules/usage/routes';
import { demoRequestsRoutes } from './modules/demo-requests/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { reconciliationRoutes } from './modules/reconciliation/routes';
import { useSecurityHeaders } from './lib/security-headers';
import { TaskQueue } from './modules/tasks/queue';
import { retentionRoutes } from './modules/retention/routes';
import { rankingSnapshotsRoutes } from './modules/ranking-snapshots/routes';
import { fraudRoutes } from './modules/fraud/routes';
import { coachingRoutes } from './modules/coaching/routes';
import { supportRoutes } from './modules/support/routes';
import { supportFormRoutes } from './modules/support/form-routes';
import { apiTokensRoutes } from './modules/api-tokens/routes';
import { authenticateBearer, bearerTokenOf, noteTokenScope } from './modules/api-tokens/bearer';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route, for the authorization matrix and fuzz tests. */
    apiRoutes: { method: string; url: string }[];
  }
}

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  storage?: Storage;
  events?: EventBus;
  mailer?: Mailer;
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/** The test server keeps its mail readable by the tests (GET /api/test/my-mail); never in development or production. */
const mailerFor = (config: Config, mailer: Mailer): Mailer => (config.env === 'test' ? new MailboxMailer(mailer) : mailer);

/** Largest upload any route accepts; routes check their own, smaller limits. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The router's own refusals (bad percent-encoding, an over-long path parameter) in our error shape (decision record 018).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply.status(tooLong ? 414 : 400).send({ error: { code: 'VALIDATION', message: tooLong ? 'A part of the address is too long' : 'The address is malformed' } });
    },
    // Node's HTTP parser's refusals (a raw non-ASCII byte in the path, a 20 KB query string) in the same shape (record 011).
    clientErrorHandler,
  });

  // Shared on Redis with REDIS_URL, else this process's memory (decision record 026).
  const rateLimitStore = createRateLimitStore(config, app.log);
  const keptSessions = keepSessions(database, config, app.log);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    // S3-compatible object storage with S3_BUCKET (several instances), else files under DATA_DIR (decision record 026).
    storage: options.storage ?? (config.s3 ? new S3Storage(config.s3) : new FileStorage(path.join(config.dataDir, 'uploads'))),
    events: options.events ?? createEventBus(database, app.log),
    mailer: mailerFor(config, options.mailer ?? (config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new LogMailer(app.log))),
    log: app.log,
    rateLimits: createRateLimits(config, rateLimitStore.store),
    tasks: new TaskQueue(),
    sessionCache: keptSessions?.cache ?? null,
  };
  ctx.tasks.bind(ctx);
  const onConnectionLost = (error: Error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on the next query');
  database.pool?.on('error', onConnectionLost);
  app.decorate('ctx', ctx);
  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    noteTokenScope(route);
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });
  app.decorateRequest('user', null);
  // Routes declare Zod schemas for their input and output (decision record 021).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON only: drop Fastify's default text/plain parser so such bodies get a 415.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  useSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  // NUL, control characters and lone surrogates anywhere in params, query or JSON body: a 400 (decision record 018).
  refuseInvalidText(app);

  // A callback hook rather than an async one: most API calls without a session (store webhooks, the public store
  // API) then cost no promise here.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = readSessionToken(request, config);
    try {
      assertSameOrigin(request, Boolean(token));
    } catch (error) {
      return done(error as Error);
    }
    // An Enterprise API token (decision record 043). Never together with a session cookie: which of the two would
    // act is then a guess, and a token must not ride along a browser's cookie session (or the other way round).
    const bearer = bearerTokenOf(request);
    if (bearer !== undefined) {
      if (token) return done(new AppError('VALIDATION', 'Send either the session cookie or an API token (Authorization: Bearer), not both.'));
      authenticateBearer(ctx, request, bearer).then(() => done(), done);
      return;
    }
    if (!token) return done();
    // Reads may use a kept session; a write is always checked against the database (decision record 035).
    userForToken(ctx, token, { fresh: !isRead(request.method) }).then((user) => {
      request.user = user;
      done();
    }, done);
  });
  // Before a write's answer leaves: the writer's next read must not come from a session kept before the write.
  if (ctx.sessionCache) {
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.user && !isRead(request.method)) forgetKeptSessions(ctx, request.user.id);
      done(null, payload);
    });
  }

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const retry = retryAfterOf(error);
      if (retry) reply.header('Retry-After', String(retry));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: logSafeError(error) }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again in a moment.' } });
    }
    const refused = databaseInputError(error);
    if (refused) {
      request.log.warn({ error: logSafeError(error) }, 'database refused input');
      return reply.status(httpStatusByCode[refused.code]).send({ error: refused });
    }
    const mapped = mapFrameworkError(error);
    if (mapped) return reply.status(httpStatusByCode[mapped.code]).send({ error: mapped });
    // Never the error as is: a query error carries the SQL parameters, i.e. the user's data (decision record 018).
    request.log.error({ error: logSafeError(error) }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
  });

  await registerOpenApi(app);
  await registerRateLimits(app, ctx.rateLimits);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(profilesRoutes);
  await app.register(uploadsRoutes);
  await app.register(brandingRoutes);
  await app.register(jobsRoutes);
  await app.register(messagingRoutes);
  await app.register(commissionsRoutes);
  await app.register(payoutsRoutes);
  await app.register(agreementsRoutes);
  await app.register(notificationsRoutes);
  await app.register(credentialsRoutes);
  await app.register(campaignsRoutes);
  await app.register(goalsRoutes);
  await app.register(webhooksOutRoutes);
  await app.register(boothsRoutes);
  await app.register(gearRoutes);
  await app.register(campaignTasksRoutes);
  await app.register(reviewsRoutes);
  await app.register(adsRoutes);
  await app.register(promotionsRoutes);
  await app.register(discountsRoutes);
  await app.register(billingRoutes);
  await app.register(adminRoutes);
  await app.register(analyticsRoutes);
  await app.register(usageRoutes);
  await app.register(demoRequestsRoutes);
  await app.register(tasksRoutes);
  await app.register(reconciliationRoutes);
  await app.register(retentionRoutes);
  await app.register(rankingSnapshotsRoutes);
  await app.register(fraudRoutes);
  await app.register(coachingRoutes);
  await app.register(supportRoutes);
  await app.register(supportFormRoutes);
  await app.register(apiTokensRoutes);

  await registerClient(app, config);
  app.addHook('onReady', rateLimitStore.ready);
  // Handlers are registered with the routes above; the worker starts once the app is ready (decision record 023).
  if (config.backgroundWorker) app.addHook('onReady', async () => ctx.tasks.start());
  app.addHook('onClose', async () => {
    await ctx.tasks.stop();
    database.pool?.off('error', onConnectionLost);
    await ctx.events.close();
    await keptSessions?.listener.close();
    await rateLimitStore.close();
    if (ctx.storage instanceof S3Storage && !options.storage) ctx.storage.close();
  });
  return app;
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

function mapFrameworkError(error: FastifyError): { code: AppError['code']; message: string } | null {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send JSON (Content-Type: application/json)' };
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) {
    return { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { code: 'VALIDATION', message: 'The request body is empty' };
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { code: 'VALIDATION', message: 'The request body is not valid JSON' };
  // Busboy's own errors carry no code: a body cut off inside a part, a multipart type without a boundary (record 011).
  if (isMalformedMultipart(error)) return { code: 'VALIDATION', message: 'The multipart body is malformed or cut off' };
  if (status === 406 || error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the file as multipart/form-data' };
  if (status === 429) return { code: 'RATE_LIMITED', message: error.message };
  if (status >= 400 && status < 500) return { code: 'VALIDATION', message: error.message };
  return null;
}

async function registerClient(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.clientDistDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const prerenderedPages = findPrerenderedPages(config.clientDistDir);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
    }
    if (!hasClient) return reply.status(404).type('text/plain').send('The web client is not built. Run `npm run build`.');
    // Client-side routes (and the 404 page) are rendered by the SPA.
    const file = path.basename(request.url.split('?')[0]);
    if (file.includes('.') && !file.endsWith('.html')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    const prerendered = prerenderedPages.get(request.url);
    // Signed-in visitors get the empty shell: prerendered pages show the signed-out header.
    if (prerendered && !readSessionToken(request, config)) return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile(prerendered);
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').sendFile('index.html');
  });
}

/**
 * Public pages rendered at build time (scripts/build-client.mjs): "/" → prerendered/index.html, "/auth" → prerendered/auth.html,
 * "/auth?mode=signup" → prerendered/auth~mode=signup.html (a file name cannot hold "?"; decision record 034).
 */
function findPrerenderedPages(clientDistDir: string): Map<string, string> {
  const dir = path.join(clientDistDir, 'prerendered');
  if (!fs.existsSync(dir)) return new Map();
  const pages = fs.readdirSync(dir).filter((file) => file.endsWith('.html'));
  return new Map(pages.map((file) => [file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length).replace('~', '?')}`, `prerendered/${file}`]));
}
