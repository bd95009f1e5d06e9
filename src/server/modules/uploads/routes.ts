import { z } from 'zod';
import { avatarFilePattern, avatarUploadResult } from '@shared/contracts/profiles';
import { requireUser } from '@server/lib/auth';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import * as service from './service';

const avatarFileParam = z.object({ file: z.string().regex(avatarFilePattern, 'Unknown file') });
const binary = z.string().meta({ format: 'binary' });

export const uploadsRoutes = moduleRoutes(apiTags.uploads, (app, ctx) => {
  app.post(
    '/api/uploads/avatar',
    {
      onRequest: access('signedIn'),
      schema: {
        summary: 'Upload a profile picture (multipart/form-data, field `file`, PNG/JPEG/GIF/WebP up to 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: avatarUploadResult },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await assertUploadAllowed(ctx, user.id);
      return reply.status(201).send(await service.uploadAvatar(ctx, user, request));
    },
  );

  app.get(
    '/api/uploads/avatars/:file',
    {
      schema: {
        summary: 'A stored profile picture',
        params: avatarFileParam,
        response: { 200: { description: 'The image bytes', content: { 'image/*': { schema: binary } } } },
      },
    },
    async (request, reply) => {
      const stored = await service.readAvatar(ctx, request.params.file);
      return reply
        .header('Content-Type', stored.mime)
        .header('Content-Length', String(stored.size))
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .send(stored.stream as never);
    },
  );
});
