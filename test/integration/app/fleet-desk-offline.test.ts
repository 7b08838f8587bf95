/**
 * Offline start: a restart while the service is down serves the stored list at once, says
 * "offline" with the network error, and comes back online by itself when the service
 * returns. The service sits behind a TCP front on a fixed port, so "down" is a refused
 * connection and the demo behind it keeps the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetChange, AssetSnapshot, SyncStatus } from '../../../src-main/contract';
import { startDemoService, type DemoService } from '../../../src-main/demo';
import { envFor, makeTempDir, startCore, waitFor, type CoreRun } from '../../soak/harness';
import { startTcpFront, type TcpFront } from '../../soak/tcp-front';

let demo: DemoService;
let front: TcpFront;
let temp: { dir: string; remove(): Promise<void> };
const runs: CoreRun[] = [];

beforeAll(async () => {
  demo = await startDemoService({ assetCount: 25 });
  front = await startTcpFront(Number(new URL(demo.origin).port));
  temp = await makeTempDir('fleet-offline-');
});

afterAll(async () => {
  for (const run of runs) await run.stop().catch(() => undefined);
  await front?.close();
  await demo?.close();
  await temp?.remove();
});

function env(): Record<string, string> {
  const origin = `http://127.0.0.1:${front.port}`;
  return envFor({ baseUrl: `${origin}/v1`, aempUrl: `${origin}/aemp`, demoToken: demo.demoToken });
}

describe('offline restart', () => {
  it('serves the stored list while the service is down and recovers by itself when it returns', async () => {
    // First run: online, the list arrives from the network and is stored.
    const first = await startCore({ userDataDir: temp.dir, env: env() });
    runs.push(first);
    const fromNetwork = await waitFor(() => first.assetEvents().find((s) => s.source === 'network'), 'the first asset list from the network');
    expect(fromNetwork.assets).toHaveLength(25);
    await first.stop();

    await front.close();

    // Second run on the same profile folder, service unreachable.
    const second = await startCore({ userDataDir: temp.dir, env: env() });
    runs.push(second);
    const firstEvent = second.assetEvents()[0];
    expect(firstEvent).toBeDefined();
    expect(firstEvent.source).toBe('cache');
    expect(firstEvent.fetchedAt).toBe(fromNetwork.fetchedAt);
    expect(firstEvent.assets.map((a) => a.assetId)).toEqual(fromNetwork.assets.map((a) => a.assetId));

    const got = await second.call('assets:get');
    expect(got.ok).toBe(true);
    const cached = got.ok ? (got.value) : null;
    expect(cached?.source).toBe('cache');
    expect(cached?.fetchedAt).toBe(fromNetwork.fetchedAt);
    expect(cached?.assets).toHaveLength(25);

    const offline = await waitFor(() => second.statuses().find((s) => s.state === 'offline'), 'the offline status');
    expect(offline.error?.kind).toBe('network');
    expect(offline.error?.message).toMatch(/refused|reached/);
    expect(offline.lastSyncAt).toBe(fromNetwork.fetchedAt);
    // No asset event other than the cached one while offline.
    expect(second.assetEvents().every((s) => s.source === 'cache' && s.assets.length === 25)).toBe(true);

    // An embed map needs the network: a clear error, not a hang.
    const embed = await second.call('embed:open', { kind: 'branch' });
    expect(embed.ok).toBe(false);
    if (!embed.ok) {
      expect(['network', 'offline']).toContain(embed.error.kind);
      expect(embed.error.message.length).toBeGreaterThan(10);
    }
    const after = await second.call('assets:get');
    expect(after.ok && after.value?.fetchedAt).toBe(fromNetwork.fetchedAt);

    // The service comes back on the same port: the schedule's next attempt succeeds.
    const set = await second.call('settings:set', { refreshIntervalSec: 15 });
    expect(set.ok).toBe(true);
    await front.reopen();
    const online = await waitFor(
      () => second.statuses().find((s, i) => s.state === 'online' && i > second.statuses().indexOf(offline)),
      'the status to return to online without a manual refresh',
      45_000,
    );
    expect(online.error).toBeNull();
    expect(Date.parse(online.lastSyncAt ?? '')).toBeGreaterThan(Date.parse(fromNetwork.fetchedAt));
    // The fresh list is announced whole, or as a change to the cached one it follows.
    const fresh = second.events.find((e) => e.name === 'assets:changed' || (e.name === 'assets' && (e.payload as AssetSnapshot).source === 'network'));
    expect(fresh).toBeDefined();
    const freshAt = (fresh?.payload as { fetchedAt: string }).fetchedAt;
    expect(Date.parse(freshAt)).toBeGreaterThan(Date.parse(fromNetwork.fetchedAt));
    if (fresh?.name === 'assets:changed') expect((fresh.payload as AssetChange).baseFetchedAt).toBe(fromNetwork.fetchedAt);
    const shown = await second.call('assets:get');
    expect(shown.ok && shown.value?.assets).toHaveLength(25);
    const status = (await second.call('status:get')) as { ok: true; value: SyncStatus };
    expect(status.value.state).toBe('online');

    // A manual refresh works too; its list arrives as an event from the network.
    const mark = second.events.length;
    const manual = await second.call('assets:refresh');
    expect(manual.ok).toBe(true);
    const announced = second.events.slice(mark).find((e) => e.name === 'assets' || e.name === 'assets:changed');
    expect(announced).toBeDefined();
  });
});
