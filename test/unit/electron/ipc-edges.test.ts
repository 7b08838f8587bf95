/** The IPC sender check and event forwarding at their edges (mutation survivors). */
import { describe, expect, it, vi } from 'vitest';
import { fakeCore } from '../web/fake-core';

vi.mock('electron', () => ({}));

const { EVENT_IPC, forwardEvents, registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');

const APP = 'file:///app/out/renderer/index.html';

function fakeWindow() {
  const mainFrame: { url: string; parent: unknown } = { url: APP, parent: null };
  let destroyed = false;
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => destroyed };
  return { webContents, isDestroyed: () => false, destroy: () => (destroyed = true) };
}

describe('trustedSender', () => {
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

  it('answers an untrusted call with a message that says why', async () => {
    const core = fakeCore();
    let handler: ((event: unknown, channel: unknown, args: unknown) => Promise<unknown>) | undefined;
    registerIpc({ handle: (_name: string, fn: typeof handler) => (handler = fn), removeHandler: vi.fn() } as never, core, () => false);
    expect(await handler!({}, 'app:info', [])).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: 'Fleet Desk refused a request that did not come from its own window.' },
    });
  });
});

describe('forwardEvents', () => {
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
