/**
 * The main side's modules import each other without circles, type-only imports included:
 * a circle makes the load order decide which module sees the other half-initialised, and it
 * ties two modules together so neither can be read, tested or moved alone. The graph is read
 * with TypeScript's own import scanner: imports and re-exports, `import type` and `import()`
 * too (a lazy import still ties the two modules together).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..', '..', '..');
const SOURCE = join(ROOT, 'src-main');
const CONTRACT = join(SOURCE, 'contract', 'index.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a specifier names, or null when it is a package (outside the graph). */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (specifier === '@contract') return CONTRACT;
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier).replace(/\.(m?js)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.mts`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The specifiers a file imports (`import`, `import type`, `export … from`, `import()`). */
export function specifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
}

/** The source files a file imports; packages are left out. */
export function importedModules(file: string, text: string): string[] {
  return specifiers(text)
    .map((specifier) => resolveSpecifier(file, specifier))
    .filter((f): f is string => f !== null);
}


export type Graph = Map<string, string[]>;

/** Every circle found by a depth-first walk, each as the files around it (first one repeated at the end). */
export function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): void => {
    const at = onPath.indexOf(node);
    if (at !== -1) {
      cycles.push([...onPath.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    onPath.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

function mainSideGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(SOURCE)) graph.set(file, importedModules(file, readFileSync(file, 'utf8')));
  return graph;
}

describe('import cycles', () => {
  it('finds a circle of two modules and a longer one, each once', () => {
    const graph: Graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/d.ts']],
      ['/d.ts', ['/e.ts']],
      ['/e.ts', ['/c.ts']],
      ['/f.ts', ['/c.ts']],
    ]);
    expect(findCycles(graph)).toEqual([
      ['/a.ts', '/b.ts', '/a.ts'],
      ['/c.ts', '/d.ts', '/e.ts', '/c.ts'],
    ]);
  });

  it('reads imports, type imports, re-exports and dynamic imports', () => {
    const text = [
      "import { x } from './x';",
      "import type { Y } from '../y';",
      "export * from './z';",
      "export type { W } from './w';",
      "import v from 'valibot';",
      "const lazy = () => import('./lazy');",
    ].join('\n');
    expect(specifiers(text)).toEqual(['./x', '../y', './z', './w', 'valibot', './lazy']);
  });

  it('resolves a relative specifier to its file and leaves packages out', () => {
    const from = join(SOURCE, 'core', 'ports.ts');
    expect(importedModules(from, "import type { X } from './errors';\nimport * as v from 'valibot';")).toEqual([join(SOURCE, 'core', 'errors.ts')]);
  });

  it('src-main has no import circles', () => {
    const cycles = findCycles(mainSideGraph()).map((cycle) => cycle.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
