import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src-main/demo/cli-args';

describe('parseCliArgs', () => {
  it('reads the service options and every fault flag', () => {
    const { options, help } = parseCliArgs(
      ['--port', '8123', '--seed=7', '--assets', '500', '--embed-seconds', '30', '--page-size', '25', '--latency-ms', '100', '--jitter-ms', '50', '--error-rate', '0.2',
        '--burst-429', '3', '--retry-after', '9', '--reset-rate', '0.1', '--truncate-rate', '0.3', '--wrong-content-type', '--stall-after-headers', '--huge-payload', '--malformed-rate', '0.05'],
    );
    expect(help).toBe(false);
    expect(options).toEqual({
      port: 8123,
      seed: 7,
      assetCount: 500,
      embedSessionSeconds: 30,
      aempPageSize: 25,
      faults: {
        latencyMs: 100,
        jitterMs: 50,
        errorRate: 0.2,
        burst429: { remaining: 3, retryAfterSec: 9 },
        resetRate: 0.1,
        truncateRate: 0.3,
        wrongContentType: true,
        stallAfterHeaders: true,
        hugePayload: true,
        malformedRate: 0.05,
      },
    });
  });

  it('takes the port from FLEET_DEMO_PORT unless --port is given', () => {
    expect(parseCliArgs([], { FLEET_DEMO_PORT: '9001' }).options.port).toBe(9001);
    expect(parseCliArgs(['--port', '9002'], { FLEET_DEMO_PORT: '9001' }).options.port).toBe(9002);
    expect(parseCliArgs([]).options).toEqual({});
  });

  it('explains bad flags and values', () => {
    expect(() => parseCliArgs(['--bogus'])).toThrow(/Unknown option --bogus/);
    expect(() => parseCliArgs(['--port'])).toThrow(/--port needs a number/);
    expect(() => parseCliArgs(['--seed', 'abc'])).toThrow(/--seed needs a number \(got "abc"\)/);
    expect(parseCliArgs(['--help']).help).toBe(true);
  });
});
