/**
 * The lint zones of eslint.config.js fire: the core imports nothing from app/, demo/,
 * web/, electron/ or `electron`; `electron` is imported only in src-main/electron and
 * src-main/preload; the renderer reaches src-main only through the `@contract` alias.
 * Runs ESLint with the project's own config on one-line sources placed (virtually) at a
 * path inside each zone.
 */
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lintProbe, probeLinter } from './probe-linter';

// The renderer's config lints with type information: CPU-bound on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const RENDERER_PROBES = ['src-renderer/src/lib/zone-probe.ts', 'src-renderer/src/views/ZoneProbe.svelte'];
let eslint: ESLint;

beforeAll(async () => {
  eslint = await probeLinter(RENDERER_PROBES);
}, 120_000);

/** The no-restricted-imports messages for `code` as if it were the file at `path`. */
async function zoneMessages(code: string, path: string): Promise<string[]> {
  return (await lintProbe(eslint, code, path)).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importOf = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const svelteImportOf = (from: string) => `<script lang="ts">\n  import { x } from '${from}';\n  export const y = x;\n</script>\n`;

describe('zone: src-main/core', () => {
  it.each([
    ['the composition root', 'src-main/core/zone-probe.ts', '../app/fleet-desk'],
    ['the demo service', 'src-main/core/zone-probe.ts', '../demo'],
    ['the demo service, deeper', 'src-main/core/sync/zone-probe.ts', '../../demo/sim/index'],
    ['the web shell', 'src-main/core/zone-probe.ts', '../web/server'],
    ['the Electron shell', 'src-main/core/handlers/zone-probe.ts', '../../electron/main'],
    ['the preload', 'src-main/core/zone-probe.ts', '../preload/index'],
  ])('refuses an import of %s', async (_what, path, from) => {
    expect(await zoneMessages(importOf(from), path)).toEqual([expect.stringContaining('src-main/core imports nothing from app/, demo/, web/')]);
  });

  it('refuses electron itself, type imports too', async () => {
    expect(await zoneMessages(importOf('electron'), 'src-main/core/zone-probe.ts')).toEqual([expect.stringContaining('Only src-main/electron and src-main/preload may import electron')]);
    expect(await zoneMessages("import type { BrowserWindow } from 'electron';\nexport type W = BrowserWindow;\n", 'src-main/core/auth/zone-probe.ts')).toHaveLength(1);
  });

  it.each([
    ['its own modules', 'src-main/core/zone-probe.ts', './auth/profiles'],
    ['the contract', 'src-main/core/sync/zone-probe.ts', '../../contract'],
    ['a package', 'src-main/core/zone-probe.ts', 'valibot'],
    ['a folder of its own whose name only starts like a banned one', 'src-main/core/zone-probe.ts', './webhooks/x'],
  ])('allows %s', async (_what, path, from) => {
    expect(await zoneMessages(importOf(from), path)).toEqual([]);
  });
});

describe('zone: electron only in its two folders', () => {
  it.each(['src-main/app/zone-probe.ts', 'src-main/web/zone-probe.ts', 'src-main/demo/zone-probe.ts', 'src-main/contract/zone-probe.ts'])('refuses electron in %s', async (path) => {
    expect(await zoneMessages(importOf('electron'), path)).toEqual([expect.stringContaining('Only src-main/electron and src-main/preload may import electron')]);
  });

  it.each(['src-main/electron/zone-probe.ts', 'src-main/preload/zone-probe.ts'])('allows electron in %s', async (path) => {
    expect(await zoneMessages(importOf('electron'), path)).toEqual([]);
  });

  it('lets the composition root import the core and the demo service', async () => {
    expect(await zoneMessages(`${importOf('../core/auth')}import { z } from '../demo';\nexport const w = z;\n`, 'src-main/app/zone-probe.ts')).toEqual([]);
  });
});

describe('zone: the renderer', () => {
  it.each([
    ['the contract by a relative path', '../../../src-main/contract'],
    ['the core', '../../../src-main/core/errors'],
    ['the demo service', '../../../src-main/demo'],
  ])('refuses %s', async (_what, from) => {
    expect(await zoneMessages(importOf(from), RENDERER_PROBES[0])).toEqual([expect.stringContaining("import from '@contract'")]);
  });

  it('refuses a relative path into src-main in a component too', async () => {
    expect(await zoneMessages(svelteImportOf('../../../src-main/core/limits'), RENDERER_PROBES[1])).toEqual([expect.stringContaining("import from '@contract'")]);
  });

  it('refuses electron', async () => {
    expect(await zoneMessages(importOf('electron'), RENDERER_PROBES[0])).toEqual([expect.stringContaining('sandboxed')]);
  });

  it('allows the contract through its alias, and its own modules', async () => {
    expect(await zoneMessages(importOf('@contract'), RENDERER_PROBES[0])).toEqual([]);
    expect(await zoneMessages(svelteImportOf('../lib/bridge'), RENDERER_PROBES[1])).toEqual([]);
  });
});
