/**
 * `npm run soak [-- --minutes N --fault-rate R --no-renderer]`: 10 minutes by default,
 * 20 % of the requests under a fault switch. Needs the built renderer (`npx electron-vite build`) unless
 * --no-renderer. Prints the report table; exits 1 when a criterion failed.
 */
import { formatSoakReport, runSoak } from './soak';

function parseArgs(argv: string[]): { minutes: number; faultRate: number; renderer: boolean } {
  const out = { minutes: 10, faultRate: 0.2, renderer: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const number = (name: string, min: number, max: number): number => {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value < min || value > max) throw new Error(`${name} needs a number from ${min} to ${max}`);
      return value;
    };
    if (arg === '--minutes') out.minutes = number('--minutes', 0.1, 24 * 60);
    else if (arg === '--fault-rate') out.faultRate = number('--fault-rate', 0, 1);
    else if (arg === '--no-renderer') out.renderer = false;
    else throw new Error(`Unknown option ${arg} (use --minutes N, --fault-rate R, --no-renderer)`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  console.log(`Soak: ${args.minutes} min, ${Math.round(args.faultRate * 100)} % of requests faulted, renderer ${args.renderer ? 'on' : 'off'}`);
  const report = await runSoak({ ...args, log: (line) => console.log(line) });
  console.log(formatSoakReport(report));
  process.exitCode = report.failures.length === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(`Soak run failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
