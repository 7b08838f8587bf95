import { describe, expect, it, vi } from 'vitest';
import { fakeCore } from '../web/fake-core';

vi.mock('electron', () => ({}));

const { EVENT_IPC, INVOKE_IPC, forwardEvents, registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');

const APP = 'file:///app/out/renderer/index.html';

function fakeWindow(url = APP) {
  const mainFrame: { url: string; parent: unknown } = { url, parent: null };
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => false };
  return { webContents, isDestroyed: () => false };
}

function wire(win = fakeWindow()) {
  const core = fakeCore();
  let handler: ((event: unknown, channel: unknown, args: unknown) => Promise<unknown>) | undefined;
  const ipcMain = {
    handle: vi.fn((name: string, fn: typeof handler) => {
      expect(name).toBe(INVOKE_IPC);
      handler = fn;
    }),
    removeHandler: vi.fn(),
  };
  const dispose = registerIpc(ipcMain as never, core, trustedSender(() => win as never, APP));
  const call = (event: unknown, channel: unknown, args: unknown) => handler!(event, channel, args);
  return { core, win, call, ipcMain, dispose };
}

describe('IPC wiring', () => {
  it('registers exactly one handler and removes it on dispose', () => {
    const { ipcMain, dispose } = wire();
    expect(ipcMain.handle).toHaveBeenCalledTimes(1);
    dispose();
    expect(ipcMain.removeHandler).toHaveBeenCalledWith(INVOKE_IPC);
  });

  it('passes calls from the main frame of our window on our page', async () => {
    const { core, win, call } = wire();
    vi.mocked(core.handlers['trail:get']).mockResolvedValueOnce([]);
    const result = await call({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, 'trail:get', ['thing:1', 5]);
    expect(result).toEqual({ ok: true, value: [] });
    expect(core.handlers['trail:get']).toHaveBeenCalledWith('thing:1', 5);
  });

  it('rejects a subframe, a foreign page, another webContents and a missing frame without calling the core', async () => {
    const { core, win, call } = wire();
    const subframe = { url: APP, parent: win.webContents.mainFrame };
    const cases = [
      { sender: win.webContents, senderFrame: subframe },
      { sender: win.webContents, senderFrame: null },
      { sender: { other: true }, senderFrame: win.webContents.mainFrame },
    ];
    for (const event of cases) {
      expect(await call(event, 'app:info', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    win.webContents.mainFrame.url = 'https://evil.example/';
    expect(await call({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, 'app:info', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(core.handlers['app:info']).not.toHaveBeenCalled();
  });

  it('rejects a frame that merely looks like the main frame', async () => {
    const { core, win, call } = wire();
    const lookAlike = { url: APP, parent: null };
    expect(await call({ sender: win.webContents, senderFrame: lookAlike }, 'app:info', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(core.handlers['app:info']).not.toHaveBeenCalled();
  });

  it('rejects unknown channels and bad arguments from a trusted sender without calling the core', async () => {
    const { core, win, call } = wire();
    const event = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    expect(await call(event, 'shell:openExternal', ['file:///etc/passwd'])).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(await call(event, 'trail:get', ['thing:1', -1])).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(core.handlers['trail:get']).not.toHaveBeenCalled();
  });

  it('rejects everything once the window is gone', async () => {
    const core = fakeCore();
    let handler: ((event: unknown, channel: unknown, args: unknown) => Promise<unknown>) | undefined;
    registerIpc({ handle: (_n: string, fn: typeof handler) => (handler = fn), removeHandler: vi.fn() } as never, core, trustedSender(() => null, APP));
    expect(await handler!({ sender: {}, senderFrame: {} }, 'app:info', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('forwards core events to the window on fleet:event', () => {
    const core = fakeCore();
    const win = fakeWindow();
    const stop = forwardEvents(core, () => win.webContents as never);
    core.emit('embed:expired', { sessionId: 's1' });
    expect(win.webContents.send).toHaveBeenCalledWith(EVENT_IPC, 'embed:expired', { sessionId: 's1' });
    stop();
    core.emit('embed:expired', { sessionId: 's2' });
    expect(win.webContents.send).toHaveBeenCalledTimes(1);
  });
});
