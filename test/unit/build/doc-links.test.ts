/**
 * The README, docs/ and the mutation triage point only at what the repository holds: every relative link in
 * them names an existing file or folder, and a link to a heading of a Markdown page names
 * a heading that page has (by GitHub's way of making heading anchors). Links to other
 * sites are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const PAGES = [
  join(ROOT, 'README.md'),
  join(ROOT, 'src-main', 'demo', 'README.md'),
  join(ROOT, 'test', 'mutation', 'TRIAGE.md'),
  ...markdownFiles(join(ROOT, 'docs')),
];

/** The page's text outside fenced code blocks, where `](` is code, not a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** Link targets of a Markdown text: `[text](target)` and `![alt](target)`. */
export function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1]);
  return new Set(headings.map(headingAnchor));
}

/** Every broken link of one page, as "target (reason)". */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(readFileSync(page, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2);
    const file = pathPart === '' ? page : resolve(dirname(page), decodeURI(pathPart));
    if (!existsSync(file)) {
      broken.push(`${target} (no such file)`);
      continue;
    }
    if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}

describe('links in the README and docs/', () => {
  it('finds the pages and their links', () => {
    expect(PAGES.length).toBeGreaterThan(5);
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('docs/security.md');
  });

  it.each(PAGES.map((page) => [relative(ROOT, page), page]))('%s links only to files and headings that exist', (_name, page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it('makes the anchors GitHub makes', () => {
    expect(headingAnchor("Calls and the core's thread")).toBe('calls-and-the-cores-thread');
    expect(headingAnchor('Fleet interface (AEMP)')).toBe('fleet-interface-aemp');
    expect(headingAnchor('Field notes: sign-in')).toBe('field-notes-sign-in');
  });

  it('leaves links inside code blocks alone', () => {
    expect(linkTargets('```\n[a](nowhere.md)\n```\n[b](here.md)')).toEqual(['here.md']);
  });
});

/** Repository paths a page names in code spans (`src-main/…`, `test/…`), without a glob or a placeholder. */
export function namedPaths(text: string): string[] {
  return [...prose(text).matchAll(/`((?:src-main|src-renderer|test|docs|resources)\/[^`\s]+?)`/g)]
    .map((m) => m[1].replace(/[.,:;]+$/, ''))
    .filter((path) => !/[*{}<>…]/.test(path));
}

describe('paths named in the docs', () => {
  it('finds the paths a page names, not globs or placeholders', () => {
    expect(namedPaths('see `test/unit/a.test.ts`, `src-main/core/*.ts` and `test/e2e/<spec>.ts`')).toEqual(['test/unit/a.test.ts']);
  });

  // A proof that names a test file that has moved or merged is a proof no one can find.
  it.each(PAGES.map((page) => [relative(ROOT, page), page]))('%s names only files and folders the repository holds', (_name, page) => {
    const missing = namedPaths(readFileSync(page, 'utf8')).filter((path) => !existsSync(join(ROOT, path)) && !existsSync(resolve(dirname(page), path)));
    expect(missing).toEqual([]);
  });
});
