import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * axe's `aria-prohibited-attr` (serious): a `div` or `span` without a role has no accessible name,
 * so an `aria-label` on it is ignored by screen readers. It only shows in the browser while the
 * element is on screen (a loading skeleton, a badge shown when there is something new), which let
 * one slip through a CI run; this scan catches it in every source file at once.
 */
const clientRoot = join(import.meta.dirname);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** The opening tags of plain elements, read up to the `>` that is outside any `{…}` expression. */
export function openingTags(source: string, names: string[]): string[] {
  const tags: string[] = [];
  const start = new RegExp(`<(${names.join('|')})(?=[\\s>/])`, 'g');
  for (const match of source.matchAll(start)) {
    let depth = 0;
    let end = match.index + match[0].length;
    for (; end < source.length; end += 1) {
      const char = source[end];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

describe('aria-label only where it names something', () => {
  it('reads opening tags across lines and past arrow functions', () => {
    const tags = openingTags('<div\n  onClick={() => a > b}\n  aria-label="x">\n<span>y</span></div>', ['div', 'span']);
    expect(tags).toEqual(['<div\n  onClick={() => a > b}\n  aria-label="x">', '<span>']);
  });

  it('no div or span carries aria-label without a role', () => {
    const offenders = tsxFiles(clientRoot).flatMap((file) =>
      openingTags(readFileSync(file, 'utf8'), ['div', 'span'])
        .filter((tag) => /\saria-label=/.test(tag) && !/\srole=/.test(tag))
        .map((tag) => `${relative(clientRoot, file)}: ${tag.replace(/\s+/g, ' ').slice(0, 120)}`),
    );
    expect(offenders).toEqual([]);
  });
});
