// Turns Stryker's JSON report into a per-module markdown table (for docs/testing.md, "Latest scores").
// Usage: node test/mutation/score-table.mjs [report.json …]   (default: reports/mutation/mutation.json)
// Several reports (runs over different modules) are read as one. Writes the table to
// stdout and to reports/mutation/scores.md.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const reportPaths = process.argv.length > 2 ? process.argv.slice(2) : ['reports/mutation/mutation.json'];
const outPath = 'reports/mutation/scores.md';
const report = { files: {} };
for (const path of reportPaths) Object.assign(report.files, JSON.parse(readFileSync(path, 'utf8')).files);

// Stryker's mutation score: detected / (detected + undetected). Mutants that do not
// compile or are ignored count for neither side.
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function count(mutants) {
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };
  for (const { status } of mutants) {
    if (status === 'Killed') c.killed++;
    else if (status === 'Timeout') c.timeout++;
    else if (status === 'Survived') c.survived++;
    else if (status === 'NoCoverage') c.noCoverage++;
    else c.other++;
  }
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
  return { ...c, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = Object.entries(report.files)
  .map(([file, { mutants }]) => ({ file, ...count(mutants) }))
  .sort((a, b) => a.file.localeCompare(b.file));
const all = count(Object.values(report.files).flatMap((f) => f.mutants));

const line = (name, r) =>
  `| ${name} | ${r.score.toFixed(1)} % | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.noCoverage} | ${r.other} |`;
const table = [
  '| module | score | killed | timeout | survived | no coverage | ignored/errors |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => line(`\`${r.file}\``, r)),
  line('**all**', all),
].join('\n');

mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, `${table}\n`);
console.log(table);
