/** The refusal a foreign sender gets, read from a freshly loaded module so its top-level wording is checked as the test runs (checked by mutation testing). */
import { describe, expect, it, vi } from 'vitest';
import { fakeThreadedCore } from '../app/core-thread/fake-threaded-core';

vi.mock('electron', () => ({}));

describe('untrusted sender', () => {
  it('gets a forbidden answer that says why', async () => {
    vi.resetModules();
    const { registerIpc, trustedSender } = await import('../../../src-main/electron/ipc');
    const APP = 'file:///app/out/renderer/index.html';
    const mainFrame = { url: APP, parent: null };
    const win = { webContents: { mainFrame, send: vi.fn(), isDestroyed: () => false }, isDestroyed: () => false };
    let handler: ((event: unknown, channel: unknown, args: unknown) => Promise<unknown>) | undefined;
    registerIpc({ handle: (_n: string, fn: typeof handler) => (handler = fn), removeHandler: vi.fn() } as never, fakeThreadedCore(), trustedSender(() => win as never, APP));
    const reply = await handler!({ sender: win.webContents, senderFrame: { url: APP, parent: mainFrame } }, 'assets:get', []);
    expect(reply).toEqual({ ok: false, error: { kind: 'forbidden', message: 'Fleet Desk refused a request that did not come from its own window.' } });
  });
});
