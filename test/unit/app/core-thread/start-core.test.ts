/** Which thread the core runs in, and where its worker entry is found at run time. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { coreThreadMode } from '../../../../src-main/app/core-thread/start-core';
import { coreWorkerFile, preloadsOf, workerLaunch } from '../../../../src-main/app/core-thread/worker-entry';

describe('FLEET_CORE_THREAD', () => {
  it('runs the core in its worker by default, on the main thread with "main"', () => {
    expect(coreThreadMode({})).toBe('worker');
    expect(coreThreadMode({ FLEET_CORE_THREAD: ' Worker ' })).toBe('worker');
    expect(coreThreadMode({ FLEET_CORE_THREAD: 'main' })).toBe('main');
  });

  it('refuses anything else, naming the variable and the choices', () => {
    expect(() => coreThreadMode({ FLEET_CORE_THREAD: 'utility' })).toThrow('FLEET_CORE_THREAD must be "worker" (the default) or "main", got "utility".');
  });
});

describe('the core worker entry', () => {
  it('keeps the process’s --import/--require preloads except tsx', () => {
    expect(preloadsOf(['--import', 'tsx', '--import=tsx/esm', '--require', './probe.cjs', '--max-old-space-size=100', '--import=/x/node_modules/tsx/dist/loader.mjs', '--import', 'p.mjs'])).toEqual([
      { kind: 'require', spec: './probe.cjs' },
      { kind: 'import', spec: 'p.mjs' },
    ]);
  });

  it('is core-worker.ts beside the host when running from source, started through tsx’s require hook with the process’s own preloads', () => {
    const file = coreWorkerFile();
    expect(file).toMatch(/src-main[/\\]app[/\\]core-thread[/\\]core-worker\.ts$/);
    const launch = workerLaunch(file, ['--import', 'tsx', '--import', '/bench/event-loop-probe.mjs', '--conditions=development', '--require=/bench/r.cjs']);
    expect(launch.eval).toBe(true);
    const lines = launch.code.split('\n').map((line) => line.trim());
    // The process's preloads first (an evaluated worker does not run them itself), then tsx, then the core.
    expect(lines.slice(1, 3)).toEqual(['await import("file:///bench/event-loop-probe.mjs");', 'require("/bench/r.cjs");']);
    expect(lines[3]).toMatch(/^require\(".*tsx.*cjs.*"\)\.register\(\);$/);
    expect(lines[4]).toBe(`require(${JSON.stringify(file)});`);
  });

  it('is core-worker.js beside the bundle, or beside the chunk folder the host landed in', () => {
    const out = mkdtempSync(join(tmpdir(), 'fleet-core-worker-'));
    try {
      mkdirSync(join(out, 'chunks'));
      writeFileSync(join(out, 'core-worker.js'), '');
      expect(coreWorkerFile(pathToFileURL(join(out, 'web.js')).href)).toBe(join(out, 'core-worker.js'));
      expect(coreWorkerFile(pathToFileURL(join(out, 'chunks', 'host-abc.js')).href)).toBe(join(out, 'core-worker.js'));
      expect(workerLaunch(join(out, 'core-worker.js'))).toEqual({ code: join(out, 'core-worker.js'), eval: false });
      rmSync(join(out, 'core-worker.js'));
      expect(() => coreWorkerFile(pathToFileURL(join(out, 'web.js')).href)).toThrow(/core-worker\.js\) is missing beside .*: the build is incomplete/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('status:get from a relayed status event', () => {
  it('is the event’s payload behind a Result’s start, and nothing for other bytes', async () => {
    const { statusResultFromEvent } = await import('../../../../src-main/app/core-thread/host');
    const enc = (text: string) => new TextEncoder().encode(text);
    const payload = { state: 'ok', lastSyncAt: '2026-01-01T00:00:00Z', note: 'Grüße "quoted" }' };
    const result = statusResultFromEvent(enc(JSON.stringify({ name: 'status', payload })));
    expect(JSON.parse(new TextDecoder().decode(result!))).toEqual({ ok: true, value: payload });
    expect(statusResultFromEvent(enc(JSON.stringify({ name: 'settings', payload })))).toBeNull();
    expect(statusResultFromEvent(enc('{"name":"status","payload":'))).toBeNull();
  });
});
