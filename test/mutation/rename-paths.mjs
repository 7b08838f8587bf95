// Carries the incremental mutation results over a file move (`git mv`): Stryker keys its
// results by path, so a moved module or test would otherwise be tested from scratch.
// Stryker still compares the old and new source and test text and reruns what changed.
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
  report[key] = Object.fromEntries(Object.entries(report[key] ?? {}).map(([path, value]) => [rename(path), value]));
}
writeFileSync(FILE, JSON.stringify(report, null, 2));
console.log(`${moved} path(s) renamed in ${FILE}`);
