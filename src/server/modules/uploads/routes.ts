import { z } from 'zod';
import { avatarFilePattern, avatarUploadResult } from '@shared/contracts/profiles';
import { requireUser } from '@server/lib/auth';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { storedImageRoute } from '@server/lib/routes/stored-image';
import * as service from './service';

const avatarFileParam = z.object({ file: z.string().regex(avatarFilePattern, 'Unknown file') });

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

  storedImageRoute(app, { url: '/api/uploads/avatars/:file', summary: 'A stored profile picture', params: avatarFileParam }, (file) => service.readAvatar(ctx, file));
});
