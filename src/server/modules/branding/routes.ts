import { brandingSettings, brandLogoFileParam, updateBrandColorBody } from '@shared/contracts/branding';
import { requireBusinessProfile } from '@server/lib/auth';
import { assertUploadAllowed } from '@server/lib/upload-throttle';
import { access } from '@server/lib/routes/access';
import { apiTags } from '@server/lib/routes/openapi';
import { moduleRoutes } from '@server/lib/routes/module-routes';
import { storedImageRoute } from '@server/lib/routes/stored-image';
import * as service from './service';

const enterprise = 'Setting it needs the Enterprise plan (403 otherwise); clearing it works on every plan (decision record 045).';

export const brandingRoutes = moduleRoutes(apiTags.branding, (app, ctx) => {
  const owner = access('businessProfile');
  const ownerWrite = access('businessProfile', { verifiedEmail: true });

  app.get(
    '/api/branding',
    { onRequest: owner, schema: { summary: 'My business’s custom branding and whether my plan includes it', response: { 200: brandingSettings } } },
    async (request) => service.getSettings(ctx, requireBusinessProfile(request)),
  );

  app.put(
    '/api/branding/color',
    {
      onRequest: ownerWrite,
      schema: {
        summary: 'Set or clear the brand colour',
        description: `A \`#rrggbb\` colour needs a WCAG AA contrast of 4.5:1 with white text; a lower one is a 400 whose details name the ratio and the minimum. ${enterprise}`,
        body: updateBrandColorBody,
        response: { 200: brandingSettings },
      },
    },
    async (request) => service.setColor(ctx, requireBusinessProfile(request), request.body),
  );

  app.post(
    '/api/branding/logo',
    {
      onRequest: ownerWrite,
      schema: {
        summary: 'Upload the brand logo (multipart/form-data, field `file`, PNG/JPEG/GIF/WebP up to 2 MB)',
        description: `Replaces the previous logo. ${enterprise}`,
        consumes: ['multipart/form-data'],
        response: { 201: brandingSettings },
      },
    },
    async (request, reply) => {
      const user = requireBusinessProfile(request);
      await assertUploadAllowed(ctx, user.id);
      return reply.status(201).send(await service.uploadLogo(ctx, user, request));
    },
  );

  app.delete(
    '/api/branding/logo',
    { onRequest: ownerWrite, schema: { summary: 'Remove the brand logo', description: enterprise, response: { 200: brandingSettings } } },
    async (request) => service.clearLogo(ctx, requireBusinessProfile(request)),
  );

  storedImageRoute(app, { url: '/api/branding/logos/:file', summary: 'A stored brand logo', params: brandLogoFileParam }, (file) => service.readLogo(ctx, file));
});
