// Builds the web client, then prerenders the public pages into <outDir>/prerendered/*.html.
// The server sends those to visitors without a session; the browser hydrates them.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.env.CLIENT_DIST_DIR ?? path.join(root, 'dist/client');
const logLevel = process.env.BUILD_LOG_LEVEL ?? 'warn';

await build({ root: path.join(root, 'src/client'), configFile: path.join(root, 'vite.config.ts'), logLevel });

// Inside the repo so the bundle's bare imports (react, react-router...) resolve from node_modules.
const ssrDir = fs.mkdtempSync(path.join(root, 'node_modules/.cache-hs-prerender-'));
try {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel,
    build: { ssr: path.join(root, 'src/client/entry-prerender.tsx'), outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const { renderPage, prerenderedPaths } = await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href);
  // The HTML paints on its own: boot.js starts the app after the first paint, so no script
  // download competes with the HTML and the stylesheet.
  const template = fs
    .readFileSync(path.join(outDir, 'index.html'), 'utf8')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, entry) => `<script defer src="/boot.js" data-entry="${entry}"></script>`);
  if (!template.includes('data-entry=')) throw new Error('index.html has no module entry script to hand to boot.js');
  const marker = '<div id="root"></div>';
  if (!template.includes(marker)) throw new Error(`index.html has no ${marker}`);
  fs.mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
  for (const pathname of prerenderedPaths) {
    const html = template.replace(marker, `<div id="root">${await renderPage(pathname)}</div>`);
    const file = path.join(outDir, 'prerendered', prerenderedFileName(pathname));
    fs.writeFileSync(file, html);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
  }
  console.log(`prerendered ${prerenderedPaths.length} pages`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}

/** Same rule as the server's findPrerenderedPages(): "/" is index.html, "/a-b" is a-b.html, "/auth?mode=signup" is auth~mode=signup.html. */
function prerenderedFileName(pathname) {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replace('?', '~')}.html`;
}
