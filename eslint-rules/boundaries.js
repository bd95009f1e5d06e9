// Two import boundaries, checked on the resolved path so relative ('../x') and alias ('@client/x') imports
// count alike. eslint-plugin-boundaries would need an import resolver that reads the tsconfig aliases
// (not installed), and no-restricted-imports only sees the import's text; resolving it here is a few lines.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const aliases = { '@client/': 'src/client/', '@shared/': 'src/shared/', '@server/': 'src/server/' };

function resolve(file, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  for (const [alias, folder] of Object.entries(aliases)) if (spec.startsWith(alias)) return path.join(root, folder, spec.slice(alias.length));
  return null; // a package
}

/** 'src/client/features/jobs/components/x.tsx' → { name: 'jobs', inner: 'components/x' } */
function partOf(folder, file) {
  const relative = path.relative(path.join(root, folder), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : { name, inner: rest.join('/').replace(/\.(tsx?|jsx?|mjs)$/, '') };
}

function boundaryRule({ folder, allowed, message }) {
  return {
    meta: { type: 'problem', schema: [], messages: { crossing: message } },
    create(context) {
      const own = partOf(folder, context.filename);
      if (!own) return {};
      const check = (source) => {
        if (!source || typeof source.value !== 'string') return;
        const target = resolve(context.filename, source.value);
        const other = target && partOf(folder, target);
        if (!other || other.name === own.name || allowed(other.inner)) return;
        context.report({ node: source, messageId: 'crossing', data: { own: own.name, other: other.name, inner: other.inner } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
}

export default {
  rules: {
    // A client feature's public surface is its api.ts (queries, mutations, fetchers) and its index.ts (components
    // and hooks other features may place); everything else in the folder is its own business.
    'feature-public-surface': boundaryRule({
      folder: 'src/client/features',
      allowed: (inner) => inner === 'api' || inner === 'index',
      message: "Feature '{{own}}' imports '{{other}}/{{inner}}': use the other feature's api.ts or index.ts.",
    }),
    // A server module reaches another module's data through that module's service, never its repository.
    'no-foreign-repository': boundaryRule({
      folder: 'src/server/modules',
      allowed: (inner) => !/(^|\/|-)repository(-[^/]*)?$/.test(inner),
      message: "Module '{{own}}' imports '{{other}}/{{inner}}': go through that module's service instead of its repository.",
    }),
  },
};
