/** Events from the core's worker are dropped, not sent or thrown, while the window is gone or closing (mutation survivors of ipc.ts). */
import { describe, expect, it, vi } from 'vitest';
import { fakeThreadedCore } from '../app/core-thread/fake-threaded-core';

vi.mock('electron', () => ({}));

const { forwardEvents } = await import('../../../src-main/electron/ipc');

describe('worker events without a live window', () => {
  it('drops an event while there is no window, and one for a destroyed window', () => {
    const core = fakeThreadedCore();
    let contents: { send: ReturnType<typeof vi.fn>; isDestroyed: () => boolean } | null = null;
    forwardEvents(core, () => contents as never);
    expect(() => core.emitSerialized('status', { state: 'ok' })).not.toThrow();
    contents = { send: vi.fn(), isDestroyed: () => true };
    core.emitSerialized('status', { state: 'ok' });
    expect(contents.send).not.toHaveBeenCalled();
  });
});
