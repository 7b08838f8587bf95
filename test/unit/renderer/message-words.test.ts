/**
 * The words the app says, read from the source: every string literal and every text run of
 * the Svelte markup of the renderer and of the alert messages the core builds. A sentence
 * never carries two full stops in a row, the same word twice, or a region code in the
 * service's `region:` spelling.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..', '..');
const SOURCES = ['src-renderer/src', 'src-main/core/alerts'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

/** String literals (one line) and, in Svelte files, the text between tags of the markup. */
function textsOf(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  const texts = [...source.matchAll(/'([^'\n\\]*)'|"([^"\n\\]*)"|`([^`\n\\]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]);
  if (path.endsWith('.svelte')) {
    const markup = source.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<!--[\s\S]*?-->/g, '');
    texts.push(...[...markup.matchAll(/>([^<>{}]+)</g)].map((m) => m[1]));
  }
  // Only words for people: a word and a space.
  return texts.filter((t) => /[A-Za-z]{2,}/.test(t) && /\s/.test(t));
}

const catalogue = SOURCES.flatMap((dir) => files(join(ROOT, dir))).flatMap((path) => textsOf(path).map((text) => ({ at: relative(ROOT, path), text })));

describe('the words the app says', () => {
  it('finds the texts to check', () => {
    expect(catalogue.length).toBeGreaterThan(300);
    expect(catalogue.some((t) => t.text.includes('The list shows the last data fetched'))).toBe(true);
  });

  it('never ends a sentence with two full stops', () => {
    expect(catalogue.filter((t) => /[^.]\.\.(?!\.)/.test(t.text))).toEqual([]);
  });

  it('never says the same word twice in a row', () => {
    expect(catalogue.filter((t) => /\b([A-Za-z]{2,})\s+\1\b/i.test(t.text))).toEqual([]);
  });

  it("never shows a region code in the service's region: spelling", () => {
    expect(catalogue.filter((t) => /region:[A-Z]/.test(t.text))).toEqual([]);
  });
});
