/**
 * Shared helpers for the reliability tests and the soak run: a core pointed at an
 * external demo service (the `env` profile), with every event it emits recorded.
 * No vitest import here: the soak runner uses this file outside vitest.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppError, AssetSnapshot, EventChannel, FleetEvents, InvokeArgs, InvokeChannel, InvokeResult, Result, SyncStatus } from '../../src-main/contract';
import { createFleetDesk } from '../../src-main/app/fleet-desk';
import { toAppError } from '../../src-main/core/errors';
import type { FleetDeskCore } from '../../src-main/core/ports';
import type { DemoService } from '../../src-main/demo';
import { webPlatformHooks } from '../../src-main/web/cli-options';

export interface RecordedEvent {
  name: EventChannel;
  payload: unknown;
}

export interface CoreRun {
  core: FleetDeskCore;
  userDataDir: string;
  events: RecordedEvent[];
  statuses(): SyncStatus[];
  assetEvents(): AssetSnapshot[];
  /** Calls a handler the way a shell does: errors come back as `{ ok: false }`, never thrown. */
  call<C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>): Promise<Result<InvokeResult<C>>>;
  stop(): Promise<void>;
}

/** The FLEET_* variables that make the core's `env` profile use an external demo service. */
export function envFor(demo: Pick<DemoService, 'baseUrl' | 'aempUrl' | 'demoToken'>, extra: Record<string, string> = {}): Record<string, string> {
  return { FLEET_BASE_URL: demo.baseUrl, FLEET_AEMP_URL: demo.aempUrl, FLEET_TOKEN: demo.demoToken, ...extra };
}

export async function makeTempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function startCore(options: {
  userDataDir: string;
  env: Record<string, string | undefined>;
  start?: boolean;
  /** Keep only the newest this many events (long runs: recording every snapshot is a leak of its own). */
  maxEvents?: number;
}): Promise<CoreRun> {
  const maxEvents = options.maxEvents ?? Infinity;
  const core = await createFleetDesk({ userDataDir: options.userDataDir, platform: webPlatformHooks('0.0.0-reliability'), env: options.env });
  const events: RecordedEvent[] = [];
  core.subscribe(<E extends EventChannel>(name: E, payload: FleetEvents[E]) => {
    events.push({ name, payload });
    if (events.length > maxEvents) events.splice(0, events.length - maxEvents);
  });
  let stopped = false;
  const run: CoreRun = {
    core,
    userDataDir: options.userDataDir,
    events,
    statuses: () => events.filter((e) => e.name === 'status').map((e) => e.payload as SyncStatus),
    assetEvents: () => events.filter((e) => e.name === 'assets').map((e) => e.payload as AssetSnapshot),
    async call(channel, ...args) {
      const handler = core.handlers[channel] as (...a: unknown[]) => Promise<InvokeResult<typeof channel>>;
      try {
        return { ok: true, value: await handler(...args) };
      } catch (err) {
        return { ok: false, error: toAppError(err) };
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await core.stop();
    },
  };
  if (options.start !== false) await core.start();
  return run;
}

/** Polls `check` until it returns a truthy value; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 20_000, everyMs = 25): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Distinct error alerts a status stream raised: consecutive repeats of the same error count once. */
export function distinctErrors(statuses: SyncStatus[]): AppError[] {
  const out: AppError[] = [];
  let previous: AppError | null = null;
  for (const s of statuses) {
    const e = s.error;
    if (e && (!previous || previous.kind !== e.kind || previous.message !== e.message || previous.status !== e.status)) out.push(e);
    previous = e;
  }
  return out;
}
