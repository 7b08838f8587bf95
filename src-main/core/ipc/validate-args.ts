/**
 * Argument validation for every call the renderer can make, shared by the Electron
 * shell (ipcMain) and the web shell (HTTP). The renderer is treated as untrusted: a
 * compromised page gets a clear `invalid-argument` rejection, never a crash and never
 * a call into the core (and so to the service) with bad input.
 *
 * Each call's arguments are checked with the schemas of the contract's call table
 * (src-main/contract/calls.ts), the same the renderer's forms and the stores use and the
 * same the call types are derived from, so the check and the types cannot disagree.
 * Handlers get the checked arguments and do not check them again.
 */
import * as v from 'valibot';
import { CALLS, INVOKE_CHANNELS } from '../../contract';
import type { CallArg, InvokeArgs, InvokeChannel, InvokeHandlers, Result } from '../../contract';
import { FleetError, toAppError } from '../errors';

// ---------------------------------------------------------------- checking a call

const CHANNELS: ReadonlySet<string> = new Set(INVOKE_CHANNELS);

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && CHANNELS.has(channel);
}

function refuse(message: string, path?: string): FleetError {
  return new FleetError('invalid-argument', message, path ? { path } : {});
}

function describeChannel(channel: unknown): string {
  if (typeof channel !== 'string') return `a ${channel === null ? 'null' : typeof channel} channel name`;
  const shown = channel.length > 60 ? `${channel.slice(0, 60)}…` : channel;
  return `"${shown.replace(/\p{Cc}/gu, '?')}"`;
}

const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

/**
 * Checks a call from the renderer. Returns the channel and the checked arguments
 * (trimmed and normalised as the schemas say; unknown fields refused, not passed on).
 * Throws `FleetError('invalid-argument')` whose message is the rule for people followed
 * by which argument it was, in words; `path` points inside that argument for forms
 * (e.g. `embedOrigins.0`).
 */
export function validateInvoke<C extends InvokeChannel>(channel: C | unknown, args: unknown): { channel: C; args: InvokeArgs<C> } {
  if (!isInvokeChannel(channel)) throw refuse(`Fleet Desk does not know the request ${describeChannel(channel)}.`);
  if (!Array.isArray(args)) throw refuse(`"${channel}": the arguments must be a list.`);
  const call: { args: readonly CallArg[]; together?: (args: never) => string | null } = CALLS[channel];
  const spec = call.args;
  const required = spec.filter((a) => !a.optional).length;
  if (args.length < required || args.length > spec.length) {
    const count = required === spec.length ? `${spec.length}` : `${required} or ${spec.length}`;
    throw refuse(`"${channel}" takes ${count} argument${spec.length === 1 ? '' : 's'}, got ${args.length}.`);
  }
  const out: unknown[] = [];
  spec.slice(0, args.length).forEach(({ name, schema }, index) => {
    const result = v.safeParse(schema, args[index], { abortEarly: true });
    if (!result.success) {
      const issue = result.issues[0];
      throw refuse(`${sentence(issue.message)} (Fleet Desk refused the ${name}, argument ${index + 1} of "${channel}".)`, v.getDotPath(issue) ?? undefined);
    }
    out.push(result.output);
  });
  const checked = out as unknown as InvokeArgs<C>;
  const problem = (call.together as ((a: InvokeArgs<C>) => string | null) | undefined)?.(checked);
  if (problem) throw refuse(`${sentence(problem)} (Fleet Desk refused "${channel}".)`);
  return { channel: channel as C, args: checked };
}

/**
 * Validates a call, runs its handler and wraps the outcome as a `Result`. Never
 * throws: invalid calls never reach a handler and every failure becomes a scrubbed
 * `AppError`.
 */
export async function dispatchInvoke(handlers: InvokeHandlers, channel: unknown, args: unknown): Promise<Result<unknown>> {
  try {
    const call = validateInvoke(channel, args);
    if (!Object.hasOwn(handlers, call.channel)) throw new FleetError('internal', `Fleet Desk cannot answer "${call.channel}" yet.`);
    const handler = handlers[call.channel] as (...a: unknown[]) => Promise<unknown>;
    const value = await handler(...(call.args as unknown[]));
    return { ok: true, value };
  } catch (err) {
    return { ok: false, error: toAppError(err) };
  }
}
