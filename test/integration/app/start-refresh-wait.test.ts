/**
 * Cold start: a start that shows the offline copy lets the window paint it
 * before the start-up refresh (the heaviest work of a start) begins; a start with nothing
 * stored refreshes at once. Judged by what the status says, not by a stopwatch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { envFor, makeTempDir, startCore, waitFor, type CoreRun } from '../../soak/harness';

let demo: DemoService;
let temp: { dir: string; remove(): Promise<void> };
const runs: CoreRun[] = [];

beforeAll(async () => {
  demo = await startDemoService({ assetCount: 25 });
  temp = await makeTempDir('fleet-start-wait-');
});

afterAll(async () => {
  for (const run of runs) await run.stop().catch(() => undefined);
  await demo?.close();
  await temp?.remove();
});

describe('the start-up refresh', () => {
  it('starts at once with nothing stored, and waits for the page after showing the stored list', async () => {
    const first = await startCore({ userDataDir: temp.dir, env: envFor(demo) });
    runs.push(first);
    await waitFor(() => first.statuses().find((s) => s.state === 'online'), 'the first refresh');
    // Nothing stored: no planned wait before the first attempt.
    expect(first.statuses().find((s) => s.state === 'syncing' || s.nextAttemptAt !== null)?.state).toBe('syncing');
    await first.stop();

    const second = await startCore({ userDataDir: temp.dir, env: envFor(demo) });
    runs.push(second);
    expect(second.assetEvents()[0]?.source).toBe('cache');
    const planned = await waitFor(() => second.statuses().find((s) => s.state === 'syncing' || s.nextAttemptAt !== null), 'the planned first attempt');
    expect(planned.state).toBe('starting');
    // The stored list's time stays shown while the refresh waits.
    expect(planned.lastSyncAt).toBe(second.assetEvents()[0]?.fetchedAt);
    const online = await waitFor(() => second.statuses().find((s) => s.state === 'online'), 'the delayed start-up refresh');
    expect(online.error).toBeNull();
  });
});
