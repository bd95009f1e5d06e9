#!/usr/bin/env node
// Rewrites relative imports that climb two or more folders ('../../x') into the path aliases of
// tsconfig.json and vite.config.ts: '@client/*' (src/client), '@shared/*' (src/shared), '@server/*' (src/server).
// Same-folder ('./x') and one-level ('../x') imports stay relative: they stay inside a feature or module.
// Imports that land outside those three folders are left alone. Running it twice changes nothing.
//
// Usage: node scripts/codemods/alias-imports.mjs [--check] <file or folder>...
//   --check  lists what would change and exits 1 if anything would, without writing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const aliases = [
  { folder: path.join(repoRoot, 'src/client'), alias: '@client' },
  { folder: path.join(repoRoot, 'src/shared'), alias: '@shared' },
  { folder: path.join(repoRoot, 'src/server'), alias: '@server' },
];
const sourceFile = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
const skippedFolders = new Set(['node_modules', 'dist', '.git']);

// `from '…'`, `import '…'`, `import('…')`, `vi.mock('…')`, `require('…')`: the specifier must start with ../../
const specifier = /(\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*|\brequire\(\s*)(['"])((?:\.\.\/){2,}[^'"]*)\2/g;

export function aliasFor(file, spec) {
  const target = path.resolve(path.dirname(file), spec);
  for (const { folder, alias } of aliases) {
    if (target === folder) return null; // the folder itself ('@client') is not an alias the config defines
    if (target.startsWith(folder + path.sep)) return `${alias}/${path.relative(folder, target).split(path.sep).join('/')}`;
  }
  return null;
}

export function rewrite(file, text) {
  return text.replace(specifier, (whole, lead, quote, spec) => {
    const aliased = aliasFor(file, spec);
    return aliased ? `${lead}${quote}${aliased}${quote}` : whole;
  });
}

function* files(entry) {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    if (sourceFile.test(entry)) yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry, { withFileTypes: true })) {
    if (child.isDirectory() && skippedFolders.has(child.name)) continue;
    yield* files(path.join(entry, child.name));
  }
}

function main(argv) {
  const check = argv.includes('--check');
  const targets = argv.filter((arg) => arg !== '--check');
  if (targets.length === 0) {
    console.error('usage: node scripts/codemods/alias-imports.mjs [--check] <file or folder>...');
    return 2;
  }
  let changed = 0;
  for (const target of targets) {
    for (const file of files(path.resolve(target))) {
      const before = fs.readFileSync(file, 'utf8');
      const after = rewrite(file, before);
      if (after === before) continue;
      changed += 1;
      if (check) console.log(path.relative(process.cwd(), file));
      else fs.writeFileSync(file, after);
    }
  }
  console.log(`${check ? 'would change' : 'changed'} ${changed} file(s)`);
  return check && changed > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
