/**
 * `node --import tsx test/bench/alert-figure.ts [--sizes 10000] [--runs 5]`: the alert
 * evaluation figure of `npm run bench` alone (no renderer, no AEMP), for quick checks.
 */
import { parseArgs } from 'node:util';
import { alertFigure, formatTable } from './benchmark';
import { ALERT_LISTS, fetchListSequence, measureAlertRun, type AlertRun } from './core-figures';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } } });
  const sizes = values.sizes.split(',').map(Number);
  const runs = Number(values.runs);
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0) || !Number.isInteger(runs) || runs <= 0) throw new Error('--sizes and --runs want whole numbers above 0');
  const figures = [];
  for (const size of sizes) {
    const sequence = await fetchListSequence(size, ALERT_LISTS);
    const samples: AlertRun[] = [];
    for (let i = 0; i < runs; i++) samples.push(await measureAlertRun(sequence));
    figures.push(alertFigure(size, samples));
  }
  process.stdout.write(`\n${formatTable({ startedAt: new Date().toISOString(), durationSec: 0, machine: { cpus: 0, cpuModel: '', memoryGb: 0, node: process.version }, sizes, figures })}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`The alert figure failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
