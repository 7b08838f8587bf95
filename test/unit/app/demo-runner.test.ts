import { describe, expect, it } from 'vitest';
import { createDemoRunner } from '../../../src-main/app/demo-runner';
import type { DemoOptions, DemoService } from '../../../src-main/demo';

/** A stand-in for startDemoService: records each start, hands out ports, can refuse one port. */
function fakeStarter(options: { busy?: number[] } = {}) {
  const starts: DemoOptions[] = [];
  const closed: string[] = [];
  let nextFree = 41_000;
  const start = async (o: DemoOptions): Promise<DemoService> => {
    starts.push(o);
    if (o.port && options.busy?.includes(o.port)) throw Object.assign(new Error(`listen EADDRINUSE 127.0.0.1:${o.port}`), { code: 'EADDRINUSE' });
    const port = o.port || nextFree++;
    const origin = `http://127.0.0.1:${port}`;
    return { origin, close: async () => void closed.push(origin) } as DemoService;
  };
  return { start, starts, closed };
}

const now = () => new Date('2026-03-01T10:00:00Z');

describe('demo runner', () => {
  it('starts once, stops, and starts again on the port it had', async () => {
    const fake = fakeStarter();
    const runner = createDemoRunner({ env: { FLEET_DEMO_SEED: '7' }, now, startService: fake.start });
    expect(runner.current).toBeNull();
    const first = await runner.start();
    expect(await runner.start()).toBe(first);
    await runner.stop();
    expect(runner.current).toBeNull();
    expect(fake.closed).toEqual([first.origin]);
    const again = await runner.start();
    expect(again.origin).toBe(first.origin);
    expect(fake.starts.map((o) => [o.port, o.seed])).toEqual([
      [undefined, 7],
      [41_000, 7],
    ]);
    // The demo runs on the app's clock.
    expect(fake.starts[0].now?.()).toBe(now().getTime());
  });

  it('takes a free port when its old one was taken meanwhile', async () => {
    const fake = fakeStarter({ busy: [41_000] });
    const runner = createDemoRunner({ env: {}, now, startService: fake.start });
    await runner.start();
    await runner.stop();
    expect((await runner.start()).origin).toBe('http://127.0.0.1:41001');
  });

  it('never leaves two services running when start and stop race', async () => {
    const fake = fakeStarter();
    const runner = createDemoRunner({ env: {}, now, startService: fake.start });
    await Promise.all([runner.start(), runner.stop(), runner.start(), runner.start(), runner.stop()]);
    expect(runner.current).toBeNull();
    expect(fake.starts).toHaveLength(2);
    expect(fake.closed).toHaveLength(2);
  });

  it('refuses a malformed FLEET_DEMO_* variable by name before anything starts', () => {
    const fake = fakeStarter();
    expect(() => createDemoRunner({ env: { FLEET_DEMO_ASSETS: 'lots' }, now, startService: fake.start })).toThrow(/FLEET_DEMO_ASSETS must be a whole number, not "lots"/);
    expect(fake.starts).toEqual([]);
  });
});
