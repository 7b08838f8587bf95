import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSettingsHandlers } from '../../../../src-main/core/handlers/settings';
import { SettingsStore } from '../../../../src-main/core/settings/settings-store';
import type { Settings } from '../../../../src-main/contract';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('settings handlers', () => {
  it('get returns the settings; set validates, saves and reports the change (the one copy of the new settings), answering nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-settings-h-'));
    dirs.push(dir);
    const changes: [Settings, Settings][] = [];
    const handlers = createSettingsHandlers(new SettingsStore(dir), (next, prev) => changes.push([next, prev]));
    expect((await handlers['settings:get']()).refreshIntervalSec).toBe(60);
    expect(await handlers['settings:set']({ refreshIntervalSec: 30 })).toBeUndefined();
    expect(changes).toHaveLength(1);
    expect(changes[0][0].refreshIntervalSec).toBe(30);
    expect(changes[0][1].refreshIntervalSec).toBe(60);
    await expect(handlers['settings:set']({ refreshIntervalSec: 1 })).rejects.toMatchObject({ kind: 'invalid-argument' });
    expect(changes).toHaveLength(1);
    expect((await handlers['settings:get']()).refreshIntervalSec).toBe(30);
  });
});
