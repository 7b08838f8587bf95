import type { DemoOptions } from './index';
import type { FaultSettings } from './faults';

export interface CliResult {
  options: DemoOptions;
  help: boolean;
}

export const CLI_USAGE = `Usage: npm run demo-service -- [options]

  --port N               port on 127.0.0.1 (default: FLEET_DEMO_PORT or a free port)
  --seed N               simulation seed (default 42)
  --assets N             number of assets (default 60)
  --embed-seconds N      embed session life in seconds (default 3600)
  --page-size N          fleet (AEMP) page size (default 100)

Faults:
  --latency-ms N  --jitter-ms N  --error-rate R  --burst-429 N  --retry-after S
  --reset-rate R  --truncate-rate R  --malformed-rate R
  --wrong-content-type  --stall-after-headers  --huge-payload
`;

function numberArg(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new Error(`${flag} needs a number (got ${value === undefined ? 'nothing' : JSON.stringify(value)}).`);
  return n;
}

/** Parses the demo CLI flags; throws an Error with a readable message on bad input. */
export function parseCliArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): CliResult {
  const options: DemoOptions = {};
  const faults: Partial<FaultSettings> = {};
  let burstCount: number | null = null;
  let retryAfter = 5;
  let help = false;
  if (env.FLEET_DEMO_PORT) options.port = numberArg('FLEET_DEMO_PORT', env.FLEET_DEMO_PORT);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const value = (): number => numberArg(flag, inline ?? argv[++i]);
    switch (flag) {
      case '--help':
      case '-h':
        help = true;
        break;
      case '--port': options.port = value(); break;
      case '--seed': options.seed = value(); break;
      case '--assets': options.assetCount = value(); break;
      case '--embed-seconds': options.embedSessionSeconds = value(); break;
      case '--page-size': options.aempPageSize = value(); break;
      case '--latency-ms': faults.latencyMs = value(); break;
      case '--jitter-ms': faults.jitterMs = value(); break;
      case '--error-rate': faults.errorRate = value(); break;
      case '--burst-429': burstCount = value(); break;
      case '--retry-after': retryAfter = value(); break;
      case '--reset-rate': faults.resetRate = value(); break;
      case '--truncate-rate': faults.truncateRate = value(); break;
      case '--malformed-rate': faults.malformedRate = value(); break;
      case '--wrong-content-type': faults.wrongContentType = true; break;
      case '--stall-after-headers': faults.stallAfterHeaders = true; break;
      case '--huge-payload': faults.hugePayload = true; break;
      default:
        throw new Error(`Unknown option ${flag}. Use --help to list the options.`);
    }
  }
  if (burstCount !== null) faults.burst429 = { remaining: burstCount, retryAfterSec: retryAfter };
  if (Object.keys(faults).length > 0) options.faults = faults;
  return { options, help };
}
