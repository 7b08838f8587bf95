/**
 * `npm run bench [-- --sizes 1000,10000 --runs 3 --reuse-build]`: runs the fleet-scale
 * benchmark, prints one table and writes it as JSON to test/bench/results/<date>.json.
 * `npm run bench -- --utilization [--sizes 10000]`: the utilization figures only
 * (test/bench/utilization-figures.ts), at the first size.
 * `npm run bench -- --room`: the dispatch room's figures only (room-figures.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable, runBenchmark } from './benchmark';
import { formatNearestTable, measureNearestFigures } from './nearest-figures';
import { formatSiteFigures, measureSiteFigures } from './site-figures';
import { runUtilizationFigures } from './utilization-figures';
import { runRoomFigures } from './room-figures';

function positiveInts(text: string, name: string): number[] {
  const values = text.split(',').map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--${name} wants whole numbers above 0 separated by commas, not "${text}"`);
  return values;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string' },
      runs: { type: 'string' },
      'reuse-build': { type: 'boolean', default: false },
      utilization: { type: 'boolean', default: false },
      room: { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes ? positiveInts(values.sizes, 'sizes') : undefined;
  if (values.utilization) {
    const size = sizes?.[0] ?? 10_000;
    process.stdout.write(`${await runUtilizationFigures({ fetchAssets: size, reportMachines: size })}\n`);
    return;
  }
  const runs = values.runs ? positiveInts(values.runs, 'runs')[0] : undefined;
  const log = (line: string) => process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  if (values.room) {
    process.stdout.write(`\n${await runRoomFigures(log)}\n`);
    return;
  }
  const result = await runBenchmark({ sizes, runs, log, reuseBuild: values['reuse-build'] });
  const table = formatTable(result);
  process.stdout.write(`\n${table}\n\n`);
  // The nearest-machines index and the gazetteer, at the largest size asked for.
  const nearest = await measureNearestFigures({ assets: Math.max(...(sizes ?? [50_000])), log });
  process.stdout.write(`${formatNearestTable(nearest)}\n\n`);
  const folder = resolve(import.meta.dirname, 'results');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `bench-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ ...result, table, nearest }, null, 2)}\n`);
  process.stdout.write(`${result.machine.cpus} × ${result.machine.cpuModel}, ${result.machine.memoryGb} GB, Node ${result.machine.node}; ${result.durationSec} s\nWritten to ${file}\n`);
  process.stdout.write(`\n${formatSiteFigures(measureSiteFigures(runs))}`);
}

main().catch((err: unknown) => {
  process.stderr.write(`The benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
