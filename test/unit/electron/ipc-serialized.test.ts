/** The Electron relay with the core in its worker: answers and events pass as the worker's JSON bytes; the sender check comes first. */
import { describe, expect, it, vi } from 'vitest';
import { bytesOf, fakeThreadedCore } from '../app/core-thread/fake-threaded-core';

vi.mock('electron', () => ({}));

const { EVENT_IPC, forwardEvents, registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');

const APP = 'file:///app/out/renderer/index.html';

function fakeWindow() {
  const mainFrame = { url: APP, parent: null };
  const webContents = { mainFrame, send: vi.fn(), isDestroyed: () => false };
  return { webContents, isDestroyed: () => false };
}

function wire() {
  const core = fakeThreadedCore();
  const win = fakeWindow();
  let handler: ((event: unknown, channel: unknown, args: unknown) => Promise<unknown>) | undefined;
  registerIpc({ handle: (_n: string, fn: typeof handler) => (handler = fn), removeHandler: vi.fn() } as never, core, trustedSender(() => win as never, APP));
  return { core, win, call: (event: unknown, channel: unknown, args: unknown) => handler!(event, channel, args) };
}

describe('Electron relay of a core in its worker', () => {
  it('answers a trusted call with the worker’s bytes, unparsed', async () => {
    const { core, win, call } = wire();
    const reply = await call({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, 'assets:get', []);
    expect(reply).toBeInstanceOf(Uint8Array);
    expect(reply).toBe(await vi.mocked(core.invokeSerialized).mock.results[0].value);
    expect(core.invokeSerialized).toHaveBeenCalledWith('assets:get', []);
  });

  it('answers a call the main thread holds (the asset list) with its parts as they are: the renderer joins them, not the main process', async () => {
    const { core, win, call } = wire();
    const enc = (text: string) => new TextEncoder().encode(text);
    const parts = [enc('{"ok":true,"value":'), bytesOf({ rows: ['kept'] }), enc('}')] as const;
    core.heldAnswer = vi.fn((channel: unknown) => (channel === 'assets:get' ? parts : null));
    const trusted = { sender: win.webContents, senderFrame: win.webContents.mainFrame };
    expect(await call(trusted, 'assets:get', [])).toBe(parts);
    expect(core.heldAnswer).toHaveBeenCalledWith('assets:get', []);
    expect(core.invokeSerialized).not.toHaveBeenCalled();
    // Nothing held: the worker answers.
    expect(await call(trusted, 'app:info', [])).toBeInstanceOf(Uint8Array);
    expect(core.invokeSerialized).toHaveBeenCalledWith('app:info', []);
  });

  it('refuses an untrusted sender before the call reaches the worker', async () => {
    const { core, win, call } = wire();
    const subframe = { url: APP, parent: win.webContents.mainFrame };
    expect(await call({ sender: win.webContents, senderFrame: subframe }, 'assets:get', [])).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(core.invokeSerialized).not.toHaveBeenCalled();
  });

  it('sends each event to the window as the worker’s bytes', () => {
    const core = fakeThreadedCore();
    const win = fakeWindow();
    const stop = forwardEvents(core, () => win.webContents as never);
    const json = core.emitSerialized('status', { state: 'ok' });
    expect(win.webContents.send).toHaveBeenCalledWith(EVENT_IPC, 'status', json);
    expect(core.sinks.size).toBe(0);
    stop();
    core.emitSerialized('status', { state: 'ok' });
    expect(win.webContents.send).toHaveBeenCalledTimes(1);
  });
});
