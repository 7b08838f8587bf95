/**
 * The Electron shell with the real core (built-in demo service): a call that changes
 * something answers nothing its event carries, and the event reaches the window that made
 * the call before the answer does (the page shows the change from the event).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfilesState, Settings } from '../../../src-main/contract';
import { makeTempDir, startCore, type CoreRun } from '../../soak/harness';

vi.mock('electron', () => ({}));

const { EVENT_IPC, forwardEvents, registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');

const APP = 'file:///app/out/renderer/index.html';

describe('Electron IPC with the real core: calls answer nothing their events carry', () => {
  let run: CoreRun;
  let remove: () => Promise<void>;
  const mainFrame = { url: APP, parent: null };
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => false };
  const win = { webContents, isDestroyed: () => false };
  let handler: (event: unknown, channel: unknown, args: unknown) => Promise<unknown>;
  const call = (channel: string, args: unknown[]) => handler({ sender: webContents, senderFrame: mainFrame }, channel, args);
  /** What the window had been sent on the event channel, by event name. */
  const sent = (name: string) => webContents.send.mock.calls.filter(([ipc, event]) => ipc === EVENT_IPC && event === name).map(([, , payload]) => payload);

  beforeAll(async () => {
    let dir: string;
    ({ dir, remove } = await makeTempDir('fleet-electron-calls-'));
    run = await startCore({ userDataDir: dir, env: { FLEET_DEMO_ASSETS: '5', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' } });
    registerIpc({ handle: (_name: string, fn: typeof handler) => (handler = fn), removeHandler: vi.fn() } as never, run.core, trustedSender(() => win as never, APP));
    forwardEvents(run.core, () => webContents as never);
  });

  afterAll(async () => {
    await run.stop();
    await remove();
  });

  it('settings:set answers nothing; the new settings reach the calling window as the settings event first', async () => {
    expect(await call('settings:set', [{ staleAfterMin: 90 }])).toEqual({ ok: true, value: undefined });
    expect((sent('settings').at(-1) as Settings).staleAfterMin).toBe(90);
  });

  it('profiles:save answers the id only; save, switch and delete reach the window as profiles:changed first', async () => {
    const saved = (await call('profiles:save', [{ name: 'North', baseUrl: 'https://fleet.example/v1', aempUrl: '', authorizeUrl: '', tokenUrl: '', clientId: '', scopes: '' }])) as { ok: true; value: string };
    expect(saved.ok).toBe(true);
    expect(typeof saved.value).toBe('string');
    const last = () => sent('profiles:changed').at(-1) as ProfilesState;
    expect(last().profiles.find((p) => p.id === saved.value)?.name).toBe('North');
    expect(await call('profiles:switch', [saved.value])).toEqual({ ok: true, value: undefined });
    expect(last().activeId).toBe(saved.value);
    expect(await call('profiles:delete', [saved.value])).toEqual({ ok: true, value: undefined });
    expect(last().activeId).toBe('demo');
    expect(last().profiles.some((p) => p.id === saved.value)).toBe(false);
  });

  it('alerts:acknowledge answers nothing', async () => {
    expect(await call('alerts:acknowledge', ['all'])).toEqual({ ok: true, value: undefined });
  });

  it('a refused call changes nothing and says why in words', async () => {
    const before = sent('settings').length;
    expect(await call('settings:set', [{ refreshIntervalSec: 1 }])).toMatchObject({ ok: false, error: { kind: 'invalid-argument', message: expect.stringContaining('Refresh every') } });
    expect(sent('settings')).toHaveLength(before);
  });
});
