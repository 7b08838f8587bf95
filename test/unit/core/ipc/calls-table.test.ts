/** The contract's call table drives the argument check: every call's every argument is checked with its schema. */
import { describe, expect, it } from 'vitest';
import { CALLS, INVOKE_CHANNELS } from '../../../../src-main/contract';
import type { InvokeChannel } from '../../../../src-main/contract';
import { FleetError } from '../../../../src-main/core/errors';
import { isInvokeChannel, validateInvoke } from '../../../../src-main/core/ipc/validate-args';
import { VALID } from './valid-calls';

function refusal(channel: InvokeChannel, args: unknown[]): FleetError {
  try {
    validateInvoke(channel, args);
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error(`expected ${channel} ${JSON.stringify(args)} to be refused`);
}

/** Nothing any argument schema of the contract takes. */
const NOTHING_VALID = { 'not an argument': Symbol('x') };

describe('the call table', () => {
  it('lists every call once, and the shells accept exactly those names', () => {
    expect(INVOKE_CHANNELS).toEqual(Object.keys(CALLS));
    expect(new Set(INVOKE_CHANNELS).size).toBe(INVOKE_CHANNELS.length);
    for (const channel of INVOKE_CHANNELS) expect(isInvokeChannel(channel)).toBe(true);
    for (const name of ['constructor', 'hasOwnProperty', '__proto__', 'toString']) expect(isInvokeChannel(name)).toBe(false);
  });

  it.each(INVOKE_CHANNELS.map((c) => [c] as const))('%s: every argument has a name for people and a schema that refuses what it does not take', (channel) => {
    const spec = CALLS[channel].args;
    expect(VALID[channel].length).toBeLessThanOrEqual(spec.length);
    spec.forEach((arg, index) => {
      expect(arg.name.trim().length).toBeGreaterThan(0);
      expect(arg.schema.kind).toBe('schema');
      // A valid call with this one argument wrong is refused, naming that argument.
      const args = spec.map((_, i) => (i === index ? NOTHING_VALID : (VALID[channel][i] ?? null)));
      const err = refusal(channel, args);
      expect(err.kind).toBe('invalid-argument');
      expect(err.message).toContain(`Fleet Desk refused the ${arg.name}, argument ${index + 1} of "${channel}"`);
    });
  });

  it.each(INVOKE_CHANNELS.map((c) => [c] as const))('%s: refuses one argument more than it takes', (channel) => {
    const args = [...CALLS[channel].args.map(() => NOTHING_VALID), NOTHING_VALID];
    expect(refusal(channel, args).message).toMatch(new RegExp(`^"${channel}" takes \\d+( or \\d+)? arguments?, got ${args.length}\\.$`));
  });
});
