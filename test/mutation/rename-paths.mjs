// Carries the incremental mutation results over a file move (`git mv`): Stryker keys its
// results by path, so a moved module or test would otherwise be tested from scratch.
// Stryker still compares the old and new source and test text and reruns what changed.
// Test files merged into one keep all their tests under the one path; the source text
// kept is the one of the file that already had that path, so Stryker sees the merged
// file as changed and reruns what its tests killed. Two modules cannot become one.
// Usage: node test/mutation/rename-paths.mjs <old-prefix> <new-prefix> [<old> <new> ...]
import { readFileSync, writeFileSync } from 'node:fs';

const FILE = 'test/mutation/stryker-incremental.json';
const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error('usage: node test/mutation/rename-paths.mjs <old-prefix> <new-prefix> [...]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(FILE, 'utf8'));
let moved = 0;
const rename = (path) => {
  for (let i = 0; i < pairs.length; i += 2) {
    if (path.startsWith(pairs[i])) {
      moved++;
      return pairs[i + 1] + path.slice(pairs[i].length);
    }
  }
  return path;
};
for (const key of ['files', 'testFiles']) {
  const merged = new Map();
  for (const [path, value] of Object.entries(report[key] ?? {})) {
    const target = rename(path);
    const earlier = merged.get(target);
    if (!earlier) {
      merged.set(target, { value, stayed: path === target });
      continue;
    }
    if (key === 'files') {
      console.error(`${path} and another module would both become ${target}; move one of them elsewhere`);
      process.exit(1);
    }
    const [kept, added] = earlier.stayed || path !== target ? [earlier.value, value] : [value, earlier.value];
    merged.set(target, { value: { ...kept, tests: [...(kept.tests ?? []), ...(added.tests ?? [])] }, stayed: earlier.stayed || path === target });
  }
  report[key] = Object.fromEntries([...merged].map(([path, { value }]) => [path, value]));
}
writeFileSync(FILE, JSON.stringify(report, null, 2));
console.log(`${moved} path(s) renamed in ${FILE}`);
