/**
 * The IPC wiring of the Electron shell: one handler, calls only from the main frame of
 * the app's own window on its own page, arguments checked before the core runs, and
 * core events forwarded to the live window.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCore } from '../web/fake-core';
import { fakeThreadedCore } from '../app/core-thread/fake-threaded-core';

vi.mock('electron', () => ({}));

const { EVENT_IPC, INVOKE_IPC, forwardEvents, registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');

const APP = 'file:///app/out/renderer/index.html';
type Handler = (event: unknown, channel: unknown, args: unknown) => Promise<unknown>;

/** A window showing `url`, whose webContents a test can destroy. */
function fakeWindow(url = APP) {
  const mainFrame: { url: string; parent: unknown } = { url, parent: null };
  let destroyed = false;
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => destroyed };
  return { webContents, isDestroyed: () => false, destroy: () => (destroyed = true) };
}

/** The one invoke handler `register` installs on a stand-in ipcMain. */
function handlerOf(register: typeof registerIpc, core: Parameters<typeof registerIpc>[1], check: Parameters<typeof registerIpc>[2]): Handler {
  let handler: Handler | undefined;
  register({ handle: (_name: string, fn: Handler) => (handler = fn), removeHandler: vi.fn() } as never, core, check);
  return handler!;
}

function wire(win = fakeWindow()) {
  const core = fakeCore();
  let handler: Handler | undefined;
  const ipcMain = {
    handle: vi.fn((name: string, fn: Handler) => {
      expect(name).toBe(INVOKE_IPC);
      handler = fn;
    }),
    removeHandler: vi.fn(),
  };
  const dispose = registerIpc(ipcMain as never, core, trustedSender(() => win as never, APP));
  const call = (event: unknown, channel: unknown, args: unknown) => handler!(event, channel, args);
  return { core, win, call, ipcMain, dispose };
}

describe('registerIpc installs one handler and passes trusted calls to the core', () => {
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
});

describe('registerIpc refuses calls from anything but the main frame of the app’s own window', () => {
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

  it('rejects everything once the window is gone', async () => {
    const core = fakeCore();
    const handler = handlerOf(registerIpc, core, trustedSender(() => null, APP));
    expect(await handler({ sender: {}, senderFrame: {} }, 'app:info', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('answers an untrusted call with a message that says why', async () => {
    const core = fakeCore();
    const handler = handlerOf(registerIpc, core, () => false);
    expect(await handler({}, 'app:info', [])).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: 'Fleet Desk refused a request that did not come from its own window.' },
    });
  });
});

describe('registerIpc refuses unknown channels and bad arguments', () => {
  it('rejects unknown channels and bad arguments from a trusted sender without calling the core', async () => {
    const { core, win, call } = wire();
    const event = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    expect(await call(event, 'shell:openExternal', ['file:///etc/passwd'])).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(await call(event, 'trail:get', ['thing:1', -1])).toMatchObject({ ok: false, error: { kind: 'invalid-argument' } });
    expect(core.handlers['trail:get']).not.toHaveBeenCalled();
  });
});

describe('trustedSender trusts only the live window’s top frame', () => {
  it('refuses the main frame object when it reports a parent (it is then no top frame)', () => {
    const win = fakeWindow();
    const check = trustedSender(() => win as never, APP);
    expect(check({ sender: win.webContents, senderFrame: win.webContents.mainFrame } as never)).toBe(true);
    win.webContents.mainFrame.parent = { url: APP };
    expect(check({ sender: win.webContents, senderFrame: win.webContents.mainFrame } as never)).toBe(false);
  });

  it('refuses everything once the window is gone', () => {
    const win = fakeWindow();
    const event = { sender: win.webContents, senderFrame: win.webContents.mainFrame } as never;
    expect(trustedSender(() => null, APP)(event)).toBe(false);
    expect(trustedSender(() => ({ ...win, isDestroyed: () => true }) as never, APP)(event)).toBe(false);
  });
});

/**
 * The refusal's wording is a top-level constant; reading it from a copy of the module
 * loaded inside the test is what lets mutation testing see a change to it.
 */
describe('registerIpc tells an untrusted sender why, from a freshly loaded module', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('checks a copy of its own, not the one every other module shares', async () => {
    expect((await import('../../../src-main/electron/ipc')).registerIpc).not.toBe(registerIpc);
  });

  it('gets a forbidden answer that says why', async () => {
    const { registerIpc: freshRegisterIpc, trustedSender: freshTrustedSender } = await import('../../../src-main/electron/ipc');
    const win = fakeWindow();
    const handler = handlerOf(freshRegisterIpc, fakeThreadedCore(), freshTrustedSender(() => win as never, APP));
    const reply = await handler({ sender: win.webContents, senderFrame: { url: APP, parent: win.webContents.mainFrame } }, 'assets:get', []);
    expect(reply).toEqual({ ok: false, error: { kind: 'forbidden', message: 'Fleet Desk refused a request that did not come from its own window.' } });
  });
});

describe('forwardEvents sends core events to the live window only', () => {
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

  it('sends each event to the live window, and nothing when there is none or it is destroyed', () => {
    const core = fakeCore();
    const win = fakeWindow();
    let target: typeof win.webContents | null = null;
    const stop = forwardEvents(core, () => target as never);
    expect(() => core.emit('menu:command', { command: 'refresh' })).not.toThrow();
    target = win.webContents;
    core.emit('menu:command', { command: 'refresh' });
    expect(win.webContents.send).toHaveBeenCalledTimes(1);
    expect(win.webContents.send).toHaveBeenCalledWith(EVENT_IPC, 'menu:command', { command: 'refresh' });
    win.destroy();
    core.emit('menu:command', { command: 'refresh' });
    expect(win.webContents.send).toHaveBeenCalledTimes(1);
    stop();
  });
});
