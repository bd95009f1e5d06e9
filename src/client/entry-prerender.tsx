// Build-time only: renders public pages to HTML so they paint before any JavaScript runs.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { appRoutes, prerenderedPaths } from './app/router';
import { ErrorBoundary } from './app/error-boundary';

export { prerenderedPaths };

export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <ErrorBoundary>
        <Providers prerendered>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </ErrorBoundary>
    </StrictMode>
  );
  // One piece: React would otherwise outline big boundaries behind inline scripts, which the CSP blocks.
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes('<script') || html.includes('<template')) throw new Error(`${pathname} prerendered with inline scripts`);
  return html;
}
