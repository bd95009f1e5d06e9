import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { avatarFilePattern } from '@shared/contracts/profiles';
import { parse } from '../../lib/validate';
import { requireUser } from '../../lib/auth';
import { assertUploadAllowed } from '../../lib/upload-throttle';
import * as service from './service';

const avatarFileParam = z.object({ file: z.string().regex(avatarFilePattern, 'Unknown file') });

export async function uploadsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/api/uploads/avatar', async (request, reply) => {
    const user = requireUser(request);
    assertUploadAllowed(user.id);
    const result = await service.uploadAvatar(ctx, user, request);
    return reply.status(201).send(result);
  });

  app.get('/api/uploads/avatars/:file', async (request, reply) => {
    const { file } = parse(avatarFileParam, request.params);
    const stored = await service.readAvatar(ctx, file);
    return reply
      .header('Content-Type', stored.mime)
      .header('Content-Length', String(stored.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline')
      .send(stored.stream);
  });
}
