import type { FastifyInstance } from 'fastify';

// Routes for this domain are added by its feature issue.
export async function messagingRoutes(_app: FastifyInstance) {}
