/**
 * A renderer file found on disk that then fails to read (removed or broken under the
 * shell's feet): the shell cuts the connection instead of leaving the browser waiting
 * on a half-sent file. The read failure is injected through `node:fs`.
 */
import type * as NodeFs from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebShell, type WebShell } from '../../../src-main/web/server';
import { fakeCore } from './fake-core';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  return {
    ...fs,
    createReadStream: (file: string, ...rest: unknown[]) =>
      file.endsWith('broken.js')
        ? new Readable({
            read() {
              this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
            },
          })
        : (fs.createReadStream as (...a: unknown[]) => unknown)(file, ...rest),
  };
});

let base: string;
let shell: WebShell;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'fleet-web-read-fault-'));
  await mkdir(join(base, 'renderer'), { recursive: true });
  await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>Fleet Desk</title>');
  await writeFile(join(base, 'renderer', 'broken.js'), 'console.log(1)');
  shell = await startWebShell({ core: fakeCore(), rendererDir: join(base, 'renderer'), secret: 'e'.repeat(64), log: () => {} });
});

afterAll(async () => {
  await shell?.close();
  await rm(base, { recursive: true, force: true });
});

describe('web shell file read fault', () => {
  it('cuts the connection when a found file cannot be read, and keeps serving others', async () => {
    // The headers may not have left yet when the read fails: the browser then sees the
    // connection hang up instead of an aborted response. Either way, never a whole file.
    const outcome = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port: shell.port, path: '/broken.js', headers: { host: `127.0.0.1:${shell.port}` } }, (res) => {
        res.on('error', () => {});
        res.resume();
        res.on('close', () => resolve(res.complete ? 'whole file' : 'cut'));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNRESET' ? 'cut' : `error ${err.code}`));
      req.end();
    });
    expect(outcome).toBe('cut');
    const page = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: shell.port, path: '/', headers: { host: `127.0.0.1:${shell.port}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    expect(page).toBe(200);
  });
});
