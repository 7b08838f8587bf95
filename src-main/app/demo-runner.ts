/**
 * Runs the built-in demo service while the demo profile is active: started on demand,
 * stopped when the dispatcher moves to a real service, started again (on the same port
 * when it is still free, so an open page keeps working) when they come back.
 * FLEET_DEMO_* variables size and seed it.
 */
import { FleetError } from '../core/errors';
import { startDemoService, type DemoOptions, type DemoService } from '../demo';

export interface DemoRunner {
  /** The running service, or null. */
  readonly current: DemoService | null;
  /** Starts the service unless it runs; resolves with the running one. */
  start(): Promise<DemoService>;
  /** Stops the service if it runs. */
  stop(): Promise<void>;
}

export interface DemoRunnerOptions {
  env: Record<string, string | undefined>;
  /** The app's clock: a test that moves one moves both (and the alert scenario). */
  now: () => Date;
  /** For tests: how a service is started. */
  startService?: (options: DemoOptions) => Promise<DemoService>;
}

/** A whole number from a FLEET_* variable, or undefined when unset; a clear error otherwise. */
export function wholeNumberFromEnv(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new FleetError('invalid-argument', `${name} must be a whole number, not "${value}"`);
  return n;
}

/** The demo's settings from the environment (read at creation, so a malformed one fails the start). */
export function demoOptionsFromEnv(env: Record<string, string | undefined>): DemoOptions {
  return {
    port: wholeNumberFromEnv(env, 'FLEET_DEMO_PORT'),
    seed: wholeNumberFromEnv(env, 'FLEET_DEMO_SEED'),
    assetCount: wholeNumberFromEnv(env, 'FLEET_DEMO_ASSETS'),
    embedSessionSeconds: wholeNumberFromEnv(env, 'FLEET_DEMO_EMBED_SECONDS'),
    aempPageSize: wholeNumberFromEnv(env, 'FLEET_DEMO_PAGE_SIZE'),
  };
}

const isAddressInUse = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

export function createDemoRunner(options: DemoRunnerOptions): DemoRunner {
  const base: DemoOptions = { ...demoOptionsFromEnv(options.env), now: () => options.now().getTime() };
  const startService = options.startService ?? startDemoService;
  let current: DemoService | null = null;
  /** The port of the last run, tried first the next time (unless FLEET_DEMO_PORT fixes one). */
  let lastPort: number | undefined;
  /** Starts and stops one after another, so quick switches cannot leave two services. */
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  };

  async function launch(): Promise<DemoService> {
    if (base.port !== undefined || lastPort === undefined) return startService(base);
    try {
      return await startService({ ...base, port: lastPort });
    } catch (err) {
      if (!isAddressInUse(err)) throw err;
      return startService({ ...base, port: 0 });
    }
  }

  return {
    get current() {
      return current;
    },
    start: () =>
      serial(async () => {
        if (current) return current;
        current = await launch();
        lastPort = Number(new URL(current.origin).port);
        return current;
      }),
    stop: () =>
      serial(async () => {
        const running = current;
        current = null;
        await running?.close();
      }),
  };
}
